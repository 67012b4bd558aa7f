// Styles first: theme values and base styles, scoped to the kit's roots (nothing global; the page-level
// rules are the opt-in `@scribe/ui/global.css`, Inter the opt-in `@scribe/ui/fonts.css`).
import './theme/themes.css.ts';
import './theme/kitRoot.css.ts';

export { vars, tokenVarNames, tokenVarName, breakpoints, media, KIT_ROOT_CLASS, FONT_SANS_VAR } from './theme/index.ts';
export type { SpaceToken, FontSizeToken } from './theme/index.ts';
export { ThemeScope, themeClassNames, type ThemeScopeProps } from './components/ThemeScope/ThemeScope.tsx';
export {
  ThemeProvider,
  DirectionProvider,
  localeForDirection,
  type ThemeProviderProps,
} from './components/ThemeProvider/ThemeProvider.tsx';
export { themeTokenVars, type ThemeTokens } from './components/ThemeProvider/themeTokens.ts';
export { useThemeCarrier, carryTheme } from './components/ThemeProvider/carryTheme.ts';
export { uiMessages, uiMessagesEn, uiMessagesDe, loadUiMessages } from './i18n.ts';

export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './components/Button/Button.tsx';
export { IconButton, type IconButtonProps } from './components/IconButton/IconButton.tsx';
export { Link, type LinkProps } from './components/Link/Link.tsx';
export { TextField, type TextFieldProps } from './components/TextField/TextField.tsx';
export { TextArea, type TextAreaProps } from './components/TextArea/TextArea.tsx';
export { Checkbox, type CheckboxProps } from './components/Checkbox/Checkbox.tsx';
export { Form, type FormProps } from './components/Form/Form.tsx';
export {
  Menu,
  MenuTrigger,
  MenuItem,
  MenuSection,
  MenuSeparator,
  MenuHeader,
  SubmenuTrigger,
  type MenuProps,
  type MenuItemProps,
  type MenuSectionProps,
} from './components/Menu/Menu.tsx';
export { Dialog, DialogTrigger, type DialogProps } from './components/Dialog/Dialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog/ConfirmDialog.tsx';
export { Drawer, type DrawerProps } from './components/Drawer/Drawer.tsx';
export {
  Tabs,
  TabList,
  Tab,
  TabPanel,
  type TabsProps,
  type TabListProps,
  type TabProps,
  type TabPanelProps,
} from './components/Tabs/Tabs.tsx';
export { Spinner, SpinnerGlyph, type SpinnerProps } from './components/Spinner/Spinner.tsx';
export { Skeleton, SkeletonGroup, type SkeletonProps, type SkeletonGroupProps } from './components/Skeleton/Skeleton.tsx';
export { ProgressBar, type ProgressBarProps } from './components/ProgressBar/ProgressBar.tsx';
export { Meter, type MeterProps, type MeterTone } from './components/Meter/Meter.tsx';
export { Alert, type AlertProps, type AlertTone } from './components/Alert/Alert.tsx';
export { Badge, type BadgeProps, type BadgeTone } from './components/Badge/Badge.tsx';
export { Card, type CardProps } from './components/Card/Card.tsx';
export { Heading, type HeadingProps } from './components/Heading/Heading.tsx';
export { Text, type TextProps } from './components/Text/Text.tsx';
export { Stack, type StackProps } from './components/Stack/Stack.tsx';
export { Box, type BoxProps } from './components/Box/Box.tsx';
export { sprinkles, type Sprinkles } from './sprinkles/sprinkles.css.ts';
export { VisuallyHidden } from './components/VisuallyHidden/VisuallyHidden.tsx';
export { Kbd } from './components/Kbd/Kbd.tsx';
export { ToastProvider, type ToastProviderProps } from './components/Toast/Toast.tsx';
export { ToastFallback, type ToastFallbackProps } from './components/Toast/ToastFallback.tsx';
export { toast, type ToastOptions, type ToastVariant } from './components/Toast/toastQueue.ts';
