// Its own module so that the container is a chunk of its own (app/Toasts.tsx loads it on demand).
export { Notifications as default } from '@mantine/notifications';
