/**
 * Image picker of a form (after-sales evidence, review photos): thumbnails with a remove button,
 * a tile that adds more, an n/max counter. Files are checked (type, size, how many are left)
 * before they are sent one by one; refusals and failures are announced. The caller brings the
 * upload call, the limits and the texts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { IMAGE_TYPES, imageProblem } from './upload';

export interface UploadedImage {
  url: string;
  thumbUrl?: string;
}

export interface ImageUploadTexts {
  label: string;
  hint?: string;
  add: string;
  uploading: string;
  counter: (n: number, max: number) => string;
  remove: (n: number) => string;
  imageAlt: (n: number) => string;
  tooLarge: (name: string) => string;
  wrongType: (name: string) => string;
  tooMany: (max: number) => string;
  failed: (name: string, err: unknown) => string;
}

/**
 * The texts of a picker whose keys sit under one prefix (`<prefix>.label`, `.hint`, `.add`, ...), as
 * the after-sales evidence and the review photos have them; `failed` words an upload's error.
 */
export function imageUploadTexts(
  t: TFunction,
  prefix: string,
  limits: { max: number; mb: number },
  failed: (err: unknown) => string,
  label?: string,
): ImageUploadTexts {
  const { max, mb } = limits;
  return {
    label: label ?? t(`${prefix}.label`),
    hint: t(`${prefix}.hint`, { max, mb }),
    add: t(`${prefix}.add`),
    uploading: t(`${prefix}.uploading`),
    counter: (n, m) => t(`${prefix}.counter`, { n, max: m }),
    remove: (n) => t(`${prefix}.remove`, { n }),
    imageAlt: (n) => t(`${prefix}.imageAlt`, { n }),
    tooLarge: (name) => t(`${prefix}.tooLarge`, { name, mb }),
    wrongType: (name) => t(`${prefix}.wrongType`, { name }),
    tooMany: (m) => t(`${prefix}.tooMany`, { max: m }),
    failed: (name, e) => `${name}: ${failed(e)}`,
  };
}

export function ImageUpload({
  value,
  onChange,
  upload,
  max,
  maxBytes,
  texts,
  error,
  onBusyChange,
  disabled,
  size = 72,
  testId = 'images',
}: {
  value: UploadedImage[];
  onChange: (images: UploadedImage[]) => void;
  upload: (file: File) => Promise<UploadedImage>;
  max: number;
  maxBytes: number;
  texts: ImageUploadTexts;
  error?: string | null;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  /** Tile size in px. */
  size?: number;
  /** Prefix of the data-testid attributes (`<prefix>-list`, `-item`, `-add`, `-counter`, `-message`). */
  testId?: string;
}) {
  const id = useId();
  const [pending, setPending] = useState(0);
  const resetRef = useRef<() => void>(null);
  const [message, setMessage] = useState<string | null>(null);
  // What is on screen now: a removal during an upload must survive the upload's onChange.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const left = max - value.length - pending;

  const add = async (files: File[]) => {
    setMessage(null);
    // The same file may be picked again after a removal.
    resetRef.current?.();
    if (!files.length) return;
    const problems: string[] = [];
    const take = files.slice(0, Math.max(0, left));
    if (files.length > take.length) problems.push(texts.tooMany(max));
    const ok = take.filter((f) => {
      const p = imageProblem(f, maxBytes);
      if (p === 'size') problems.push(texts.tooLarge(f.name));
      if (p === 'type') problems.push(texts.wrongType(f.name));
      return !p;
    });
    if (problems.length) setMessage(problems.join(' '));
    if (!ok.length) return;
    setPending((n) => n + ok.length);
    onBusyChange?.(true);
    for (const f of ok) {
      try {
        const image = await upload(f);
        latest.current = [...latest.current, image];
        onChange(latest.current);
      } catch (e) {
        setMessage((m) => [m, texts.failed(f.name, e)].filter(Boolean).join(' '));
      } finally {
        setPending((n) => n - 1);
      }
    }
    onBusyChange?.(false);
  };

  const remove = (i: number) => {
    latest.current = latest.current.filter((_, j) => j !== i);
    onChange(latest.current);
  };

  const tile = { width: size, height: size, borderRadius: 'var(--mantine-radius-sm)' };
  return (
    <Input.Wrapper
      id={id}
      label={texts.label}
      description={texts.hint}
      error={error ?? undefined}
      labelElement="div"
      styles={{ description: { color: 'var(--mantine-color-gray-7)' }, error: { color: 'var(--mantine-color-red-8)' } }}
    >
      <Stack gap="xs" mt={6}>
        <Group gap="sm" wrap="wrap" data-testid={`${testId}-list`} role="group" aria-label={texts.label}>
          {value.map((img, i) => (
            <Box key={img.url} pos="relative" w={size} h={size} data-testid={`${testId}-item`}>
              <Image
                src={img.thumbUrl ?? img.url}
                alt={texts.imageAlt(i + 1)}
                w={size}
                h={size}
                radius="sm"
                fit="cover"
              />
              <ActionIcon
                size="md"
                radius="xl"
                color="dark"
                variant="filled"
                pos="absolute"
                top={-8}
                right={-8}
                disabled={disabled}
                aria-label={texts.remove(i + 1)}
                onClick={() => remove(i)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Box>
          ))}
          {Array.from({ length: pending }, (_, i) => (
            <Box
              key={`p${i}`}
              style={{
                ...tile,
                display: 'grid',
                placeItems: 'center',
                border: '1px dashed var(--mantine-color-gray-6)',
              }}
            >
              <Loader size="sm" aria-label={texts.uploading} />
            </Box>
          ))}
          {left > 0 && (
            <FileButton
              resetRef={resetRef}
              onChange={(files) => void add(files)}
              accept={IMAGE_TYPES.join(',')}
              multiple
              disabled={disabled}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  h={size}
                  w={size}
                  p={0}
                  disabled={disabled}
                  aria-describedby={`${id}-counter`}
                  aria-label={texts.add}
                  data-testid={`${testId}-add`}
                  style={{ borderStyle: 'dashed', borderColor: 'var(--mantine-color-gray-6)' }}
                >
                  <IconPhotoPlus size={24} />
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        <Text size="xs" c="gray.7" id={`${id}-counter`} data-testid={`${testId}-counter`}>
          {texts.counter(value.length, max)}
        </Text>
        <Text size="xs" c="red.8" role="alert" aria-live="assertive" data-testid={`${testId}-message`}>
          {message}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
