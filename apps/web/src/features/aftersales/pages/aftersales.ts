/**
 * The buyer's after-sales screens, loaded lazily as one chunk (app/router.tsx), plus the apply
 * dialog the order detail opens.
 */
export { ApplyPage } from './ApplyPage';
export { ListPage } from './ListPage';
export { DetailPage } from './DetailPage';
export { SendBackPage } from './SendBackPage';
export { LogisticsPage } from './LogisticsPage';
export { ApplyDialog } from '../components/ApplyDialog';
