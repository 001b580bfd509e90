export function ConfirmPage() {
  return null;
}
