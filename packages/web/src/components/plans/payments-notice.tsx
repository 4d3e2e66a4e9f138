import Alert from '@mui/material/Alert';

/** Said wherever a purchase would start: there is no checkout yet, and how to get a plan meanwhile. */
export function PaymentsNotice() {
  return (
    <Alert severity="info">
      Online payments are not available yet, so paid plans and credit packs cannot be bought here. The administrator of
      this Unnest server can assign a plan to your account.
    </Alert>
  );
}
