export function ExpressTrickPage() {
  return null;
}
