export function ConfirmSuccessPage() {
  return null;
}
