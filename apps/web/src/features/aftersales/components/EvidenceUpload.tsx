/**
 * Evidence images of an application (SPEC §5, §9): at most 6, 1 MB each, png/jpeg/bmp/webp,
 * with an n/6 counter. Files are checked before they are sent; refusals are announced.
 */
import { useId, useRef, useState } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AFTER_SALES } from '@mall/contracts';
import { EVIDENCE_TYPES, evidenceProblem, uploadEvidence } from '../api/upload';
import { aftersalesError } from './labels';

export function EvidenceUpload({ value, onChange, error, onBusyChange }: {
  value: string[]; onChange: (urls: string[]) => void; error?: string | null; onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [pending, setPending] = useState(0);
  const resetRef = useRef<() => void>(null);
  const [message, setMessage] = useState<string | null>(null);
  const max = AFTER_SALES.evidenceMax;
  const left = max - value.length - pending;

  const add = async (files: File[]) => {
    setMessage(null);
    // The same file may be picked again after a removal.
    resetRef.current?.();
    if (!files.length) return;
    const problems: string[] = [];
    const take = files.slice(0, Math.max(0, left));
    if (files.length > take.length) problems.push(t('aftersales.evidence.tooMany', { max }));
    const ok = take.filter((f) => {
      const p = evidenceProblem(f);
      if (p === 'size') problems.push(t('aftersales.evidence.tooLarge', { name: f.name }));
      if (p === 'type') problems.push(t('aftersales.evidence.wrongType', { name: f.name }));
      return !p;
    });
    if (problems.length) setMessage(problems.join(' '));
    if (!ok.length) return;
    setPending((n) => n + ok.length);
    onBusyChange?.(true);
    let urls = value;
    for (const f of ok) {
      try {
        const url = await uploadEvidence(f);
        urls = [...urls, url];
        onChange(urls);
      } catch (e) {
        setMessage((m) => [m, `${f.name}: ${aftersalesError(t, e)}`].filter(Boolean).join(' '));
      } finally {
        setPending((n) => n - 1);
      }
    }
    onBusyChange?.(false);
  };

  return (
    <Input.Wrapper id={id} label={t('aftersales.evidence.label')} description={t('aftersales.evidence.hint', { max })} error={error ?? undefined}>
      <Stack gap="xs" mt={6}>
        <Group gap="sm" wrap="wrap" data-testid="evidence-list">
          {value.map((url, i) => (
            <Box key={url} pos="relative" w={72} h={72} data-testid="evidence-item">
              <Image src={url} alt={t('aftersales.evidence.imageAlt', { n: i + 1 })} w={72} h={72} radius="sm" fit="cover" />
              <ActionIcon size="sm" radius="xl" color="dark" variant="filled" pos="absolute" top={-6} right={-6}
                aria-label={t('aftersales.evidence.remove', { n: i + 1 })} onClick={() => onChange(value.filter((u) => u !== url))}>
                <IconX size={12} />
              </ActionIcon>
            </Box>
          ))}
          {Array.from({ length: pending }, (_, i) => (
            <Box key={`p${i}`} w={72} h={72} style={{ display: 'grid', placeItems: 'center', border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-sm)' }}>
              <Loader size="sm" aria-label={t('aftersales.evidence.uploading')} />
            </Box>
          ))}
          {left > 0 && (
            <FileButton resetRef={resetRef} onChange={(files) => void add(files)} accept={EVIDENCE_TYPES.join(',')} multiple>
              {(props) => (
                <Button {...props} variant="default" h={72} w={72} p={0} aria-describedby={`${id}-counter`} aria-label={t('aftersales.evidence.add')} data-testid="evidence-add">
                  <IconPhotoPlus size={24} />
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        <Text size="xs" c="gray.7" id={`${id}-counter`} data-testid="evidence-counter">{t('aftersales.evidence.counter', { n: value.length, max })}</Text>
        <Text size="xs" c="red.8" role="alert" aria-live="assertive" data-testid="evidence-message">{message}</Text>
      </Stack>
    </Input.Wrapper>
  );
}
