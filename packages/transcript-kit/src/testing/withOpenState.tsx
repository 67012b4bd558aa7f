import { useState, type ComponentType } from 'react';

interface OpenStateProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Stories only: the app's part of a dialog, its open state. The dialog closes itself through
 * onOpenChange(false), which still reaches the story's spy.
 */
export function withOpenState<P extends OpenStateProps>(Dialog: ComponentType<P>) {
  return function Controlled(props: P) {
    const [open, setOpen] = useState(props.isOpen);
    return (
      <Dialog
        {...props}
        isOpen={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
      />
    );
  };
}
