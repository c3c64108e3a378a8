// Select and DropdownMenu (which bring a positioning engine) live in their own entry points,
// `@lp/ui/select` and `@lp/ui/dropdown-menu`, so pages that do not use them do not download them.
export { cx } from './cx.ts';
export { Button } from './Button.tsx';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button.tsx';
export { Card } from './Card.tsx';
export type { CardProps } from './Card.tsx';
export { Badge } from './Badge.tsx';
export type { BadgeProps, BadgeVariant } from './Badge.tsx';
export { Spinner } from './Spinner.tsx';
export type { SpinnerProps } from './Spinner.tsx';
export { LoadingStatus, Skeleton } from './Skeleton.tsx';
export { PageFrame, PageHeading } from './PageFrame.tsx';
export type { PageFrameProps, PageHeadingProps } from './PageFrame.tsx';
export { EmptyState, ErrorState } from './States.tsx';
export type { EmptyStateProps, ErrorStateProps } from './States.tsx';
export { Dialog, DialogTrigger, DialogClose, DialogContent, preloadDialog } from './Dialog.tsx';
export type { DialogContentProps } from './Dialog.tsx';
export { Toaster, preloadToaster, preloadUi } from './Toaster.tsx';
export { NotFound, NOT_FOUND_TEXTS } from './NotFound.tsx';
export type { NotFoundProps } from './NotFound.tsx';
export { StandaloneIndex } from './StandaloneIndex.tsx';
export { UpgradeDialog, UPGRADE_TITLE, UPGRADE_DESCRIPTION, sampleQuizUrl, type UpgradeDialogProps } from './UpgradeDialog.tsx';
