import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { safeTarget } from '../../shared/safeTarget';
import { AddressForm } from './AddressForm';
import { useSaveAddress } from './api';

/** Mobile page for a new address (SPEC §2: /buyer/create-address?target=/checkout). */
export function CreateAddressPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeTarget(params.get('target')).url;
  const save = useSaveAddress();
  // Whatever the checkout handed over (its lines) goes back with the new address selected.
  const carried = (useLocation().state ?? {}) as Record<string, unknown>;
  return (
    <Container size="sm" py="md">
      <Title order={1} size="h2" mb="md">
        {t('address.add')}
      </Title>
      <AddressForm
        submitLabel={t('address.save')}
        saving={save.isPending}
        error={save.error}
        showDefault
        onCancel={() => navigate(-1)}
        onSubmit={(body) =>
          save.mutate(
            { body },
            {
              onSuccess: (a) =>
                void navigate(target, { replace: true, state: { ...carried, selectedAddressId: a.id } }),
            },
          )
        }
      />
    </Container>
  );
}
