export function GuestLookupPage() {
  return null;
}
