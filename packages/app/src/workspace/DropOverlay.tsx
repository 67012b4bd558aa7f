import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { UploadIcon } from '@scribe/ui/icons';
import * as styles from './workspace.css.ts';

/** Only drags carrying files from outside: the folder tree's own drags carry tree nodes, not files. */
const carriesFiles = (event: DragEvent) => !!event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files');

/**
 * Spec §2: while files are dragged over the page, a full-screen overlay 'Drop your audio file here'.
 * Dropping hands the first file over; the rest are ignored (docs/product-spec.md §5). Listeners sit on window in the
 * capture phase, so drop targets inside the page (the tree) cannot hide the drag from them.
 */
export function DropOverlay({ onFile }: { onFile: (file: File) => void }) {
  const [isActive, setActive] = useState(false);

  useEffect(() => {
    // dragenter/dragleave fire for every element crossed: count them to know when the drag left the page.
    let depth = 0;
    const reset = () => {
      depth = 0;
      setActive(false);
    };
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setActive(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      // Leaving through the window's edge ends the drag over the page even if a leave went missing.
      const outside = event.clientX <= 0 || event.clientY <= 0 || event.clientX >= window.innerWidth || event.clientY >= window.innerHeight;
      if (depth === 0 || outside) reset();
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      reset();
      const file = event.dataTransfer?.files[0];
      if (file) onFile(file);
    };
    window.addEventListener('dragenter', onEnter, true);
    window.addEventListener('dragover', onOver, true);
    window.addEventListener('dragleave', onLeave, true);
    window.addEventListener('drop', onDrop, true);
    return () => {
      window.removeEventListener('dragenter', onEnter, true);
      window.removeEventListener('dragover', onOver, true);
      window.removeEventListener('dragleave', onLeave, true);
      window.removeEventListener('drop', onDrop, true);
    };
  }, [onFile]);

  if (!isActive) return null;
  return (
    <div className={styles.dropOverlay} data-testid="drop-overlay">
      <div className={styles.dropCard} role="status">
        <span className={styles.dropIcon}>
          <UploadIcon size={26} />
        </span>
        <p className={styles.dropTitle}>
          <Trans>Drop your audio file here</Trans>
        </p>
        <p className={styles.dropHint}>
          <Trans>Release to upload and start transcription</Trans>
        </p>
      </div>
    </div>
  );
}
