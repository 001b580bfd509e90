export function BulkToPayPage() {
  return null;
}
