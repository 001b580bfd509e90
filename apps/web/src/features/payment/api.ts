import { useQuery } from '@tanstack/react-query';
import type { ContractDetail, FirstPayResult, PayChannelResult, PaymentStatus, PayResult } from '@mall/contracts';
import { CSRF_HEADER } from '@mall/contracts/constants';
import { api, ApiError } from '../../shared/api';
import { useSite } from '../../shared/session';
import { PAY_RESULT_PATH, payResultBody } from './paths';

export function usePayChannels(isPoint: boolean) {
  const site = useSite();
  return useQuery({
    queryKey: ['pay-channels', site.code, isPoint],
    queryFn: () =>
      api<PayChannelResult>('/sapi/mall-pay/payment/payChannel', {
        body: { environment: 'PC', countryCode: site.countryCode, site: site.code, isPoint },
      }),
    staleTime: 60_000,
  });
}

/** The hosts the site's payment channels are configured with: their pages may be redirect targets (see safeTarget). */
export function usePaymentHosts(): string[] {
  const { data } = usePayChannels(false);
  return (data?.payChannelGroups ?? []).flatMap((g) => g.channels.flatMap((c) => c.redirectHosts));
}

export function useContract(id: string | null) {
  return useQuery({
    queryKey: ['contract', id],
    enabled: !!id,
    queryFn: () =>
      api<ContractDetail>('/sapi/mall-order/web/order/queryAndValidateTradeContractDetailById', { body: { id } }),
  });
}

export const paymentStatusOf = (contractId: string) =>
  api<PaymentStatus>('/api/payments/status-by-contract', { body: { contractId } });
export const closeRecord = (payUniqueKey: string, paymentRecordId: string) =>
  api<{ closed: boolean }>('/sapi/mall-order/web/order/closePaymentRecordAfterConfirm', {
    body: { payUniqueKey, paymentRecordId },
  });
export const firstPay = (
  contractId: string,
  payChannel: string,
  payMethod?: string,
  cardId?: string,
  proofOfInvoiceUrl?: string,
) =>
  api<FirstPayResult>('/sapi/mall-pay/payment/firstPay', {
    body: {
      contractId,
      payChannel,
      ...(payMethod && { payMethod }),
      ...(cardId && { cardId }),
      ...(proofOfInvoiceUrl && { proofOfInvoiceUrl }),
    },
  });

/** One image for the proof of invoice (the server checks type and the invoice limit again). */
export async function uploadProof(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/uploads?purpose=invoice', {
    method: 'POST',
    body: form,
    headers: { [CSRF_HEADER]: '1' },
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string; url?: string };
  if (!res.ok) throw new ApiError(res.status, body.code ?? 'Common.internal', body.message ?? res.statusText);
  return body.url as string;
}
export const fetchPayResult = (contractId: string, sessionResult?: string | null) =>
  api<PayResult>(PAY_RESULT_PATH, { body: payResultBody(contractId, sessionResult) });
