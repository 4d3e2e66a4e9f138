// What the auth feature offers the app shell: the one authentication dialog.
export { AuthDialog, type AuthDialogProps } from './auth-dialog';
