/** Adds a tracking event to the replacement shipment of an exchange (the seller console's event form). */
import type { ReverseShipment } from '@mall/contracts';
import { ShipmentEventModal, type EventSender } from '../../../merchant/seller/TrackingEventModal';
import { useAddReverseEvent, useSellerAsError } from '../../api/seller';

const useReverseSender = (shipment: ReverseShipment): EventSender => {
  const add = useAddReverseEvent();
  return {
    send: (body, onSuccess) => add.mutate({ shipmentId: shipment.id, body }, { onSuccess }),
    isPending: add.isPending,
    error: add.error,
  };
};

export function ReverseEventModal({ shipment, onClose }: { shipment: ReverseShipment | null; onClose: () => void }) {
  return (
    <ShipmentEventModal
      shipment={shipment}
      onClose={onClose}
      useSender={useReverseSender}
      useApiError={useSellerAsError}
    />
  );
}
