export function OrderDetailPage() {
  return null;
}
