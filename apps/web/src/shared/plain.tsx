/**
 * Plain versions of the Mantine components a first load renders many times (the top bar and
 * footer, the buyer menu, order cards, item tiles; home's kind chips and placeholders, the order
 * list's filters, the item page's buy box, rating bars and reviews placeholder; the checkout's
 * steps, sections, address cards and countdown): the same elements, Mantine classes,
 * data attributes and CSS variables that Mantine's Group, Stack, Text, Anchor, Badge, Button,
 * Card, Chip, inputs and the others here render, so they look the same and follow the theme and
 * Mantine's stylesheet (the DOM was compared at 1280 and 390 px), without the per-instance work
 * behind them (theme and default-props lookups, style-prop parsing, class and variable
 * resolvers, a colour resolver per button: ~6 hooks and dozens of calls each). On a phone's
 * first load that work was most of the main thread: the buyer pages' nine menu Buttons took
 * 63 ms to render, as plain links 5 ms. Only the props those places use; anything richer stays
 * Mantine's.
 */
import { forwardRef, type ButtonHTMLAttributes, type CSSProperties, type HTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { LinkProps } from 'react-router';
import { AppLink } from './AppLink';
import { CheckIcon, getFontSize, getLineHeight, getRadius, getSpacing, Loader } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { MANTINE_CLASSES } from './mantine-classes';

const { ActionIcon, Alert, Anchor, Badge, Burger, Button, Card, Center, Chip, ComboboxChevron, Container, Input, Divider, Group, Image, Indicator, Loader: LoaderClasses, Paper, Progress, RadioIndicator, Skeleton, Stack, Stepper, Table, Text, Title, UnstyledButton, VisuallyHidden } = MANTINE_CLASSES;

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;
type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** Mantine's spacing value: a theme key, or pixels in rem scaled like Mantine's rem(). */
export const spacing = (v: Spacing): string => getSpacing(v)!;

/** A theme colour with its shade ('gray.2'), as Mantine's CSS variable. */
const shadeColor = (c: string) => `var(--mantine-color-${c.replace('.', '-')})`;

/** Mantine's `c` prop: 'dimmed', 'inherit', a theme colour's shade ('gray.7') or its text shade ('red'). */
const textColor = (c?: string): string | undefined =>
  !c ? undefined : c === 'dimmed' ? 'var(--mantine-color-dimmed)' : c === 'inherit' ? 'inherit' : c.includes('.') ? shadeColor(c) : `var(--mantine-color-${c}-text)`;

const vars = (v: Record<string, string | number | undefined>, style?: CSSProperties) => ({ ...v, ...style }) as CSSProperties;
const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

type Box = Omit<HTMLAttributes<HTMLElement>, 'color'> & { [data: `data-${string}`]: string | undefined };

export function PlainGroup({ gap = 'md', justify = 'flex-start', align = 'center', wrap = 'wrap', component: C = 'div', className, style, ...rest }: Box & {
  gap?: Spacing; justify?: CSSProperties['justifyContent']; align?: CSSProperties['alignItems']; wrap?: 'wrap' | 'nowrap'; component?: 'div' | 'nav';
}) {
  return <C {...rest} className={withClass(`${Group.root} mantine-Group-root`, className)}
    style={vars({ '--group-gap': spacing(gap), '--group-align': align, '--group-justify': justify, '--group-wrap': wrap }, style)} />;
}

export function PlainStack({ gap = 'md', align = 'stretch', justify = 'flex-start', className, style, ...rest }: Box & {
  gap?: Spacing; align?: CSSProperties['alignItems']; justify?: CSSProperties['justifyContent'];
}) {
  return <div {...rest} className={withClass(`${Stack.root} mantine-Stack-root`, className)}
    style={vars({ '--stack-gap': spacing(gap), '--stack-align': align, '--stack-justify': justify }, style)} />;
}

interface TextStyle { size?: Size; c?: string; fw?: number; lineClamp?: number }

/** Text's attributes: size and line clamp as data attributes and variables, colour and weight inline. */
function textAttributes({ size, c, fw, lineClamp }: TextStyle, style?: CSSProperties) {
  return {
    'data-size': size, 'data-line-clamp': lineClamp ? true : undefined,
    style: vars({
      '--text-fz': size && getFontSize(size), '--text-lh': size && getLineHeight(size), '--text-line-clamp': lineClamp,
      color: textColor(c), fontWeight: fw,
    }, style),
  };
}

export function PlainText({ size, c, fw, lineClamp, component: C = 'p', style, className, ...rest }: Box & TextStyle & { component?: 'p' | 'span' | 'div' }) {
  return <C {...rest} {...textAttributes({ size, c, fw, lineClamp }, style)}
    className={withClass(`mantine-focus-auto ${Text.root} mantine-Text-root`, className)} />;
}

type Heading = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** A heading of level `order` that looks like `size` (Mantine's Title). */
export function PlainTitle({ order, size = `h${order}`, className, style, ...rest }: Box & { order: 1 | 2 | 3 | 4 | 5 | 6; size?: Heading }) {
  const C = `h${order}` as Heading;
  return <C {...rest} data-size={size} data-order={order} className={withClass(`${Title.root} mantine-Title-root`, className)}
    style={vars({ '--title-fw': `var(--mantine-${size}-font-weight)`, '--title-lh': `var(--mantine-${size}-line-height)`, '--title-fz': `var(--mantine-${size}-font-size)` }, style)} />;
}

/** Anchor with a router link. */
export function PlainAnchor({ size, c, fw, lineClamp, underline = 'hover', style, className, ...rest }: LinkProps & TextStyle & {
  underline?: 'hover' | 'never'; [data: `data-${string}`]: string | undefined;
}) {
  return <AppLink {...rest} {...textAttributes({ size, c, fw, lineClamp }, style)} data-underline={underline}
    className={withClass(`mantine-focus-auto ${Anchor.root} ${Text.root} mantine-Text-root mantine-Anchor-root`, className)} />;
}

const thinBorder = (color: string) => `calc(0.0625rem * var(--mantine-scale)) solid ${color}`;

/**
 * A badge of the default size or xs: filled in the primary colour, light (a colour's light shade
 * behind its text) or outlined.
 */
export function PlainBadge({ color = 'blue', variant = 'light', size, children, ...rest }: Box & {
  color?: string; variant?: 'filled' | 'light' | 'outline'; size?: 'xs'; children: ReactNode;
}) {
  const look = variant === 'filled'
    ? {}
    : variant === 'light'
      ? { '--badge-bg': `var(--mantine-color-${color}-light)`, '--badge-color': `var(--mantine-color-${color}-light-color)`, '--badge-bd': thinBorder('transparent') }
      : { '--badge-bg': 'transparent', '--badge-color': `var(--mantine-color-${color}-outline)`, '--badge-bd': thinBorder(`var(--mantine-color-${color}-outline)`) };
  const sized = size && { '--badge-height': `var(--badge-height-${size})`, '--badge-padding-x': `var(--badge-padding-x-${size})`, '--badge-fz': `var(--badge-fz-${size})` };
  return (
    <div {...rest} data-variant={variant === 'filled' ? undefined : variant} data-size={size} className={`${Badge.root} mantine-Badge-root`} style={vars({ ...sized, ...look })}>
      <span className={`${Badge.label} mantine-Badge-label`}>{children}</span>
    </div>
  );
}

/** The primary colour's filled, light or subtle button, or the default (outlined) one. */
const BUTTON_VARIANTS = {
  filled: { '--button-bg': 'var(--mantine-color-blue-filled)', '--button-hover': 'var(--mantine-color-blue-filled-hover)', '--button-color': 'var(--mantine-color-white)', '--button-bd': thinBorder('transparent') },
  light: { '--button-bg': 'var(--mantine-color-blue-light)', '--button-hover': 'var(--mantine-color-blue-light-hover)', '--button-color': 'var(--mantine-color-blue-light-color)', '--button-bd': thinBorder('transparent') },
  subtle: { '--button-bg': 'transparent', '--button-hover': 'var(--mantine-color-blue-light-hover)', '--button-color': 'var(--mantine-color-blue-light-color)', '--button-bd': thinBorder('transparent') },
  default: { '--button-bg': 'var(--mantine-color-default)', '--button-hover': 'var(--mantine-color-default-hover)', '--button-color': 'var(--mantine-color-default-color)', '--button-bd': thinBorder('var(--mantine-color-default-border)') },
} as const;

type ButtonLook = { variant: keyof typeof BUTTON_VARIANTS; size: 'compact-sm' | 'sm' | 'md' };

const buttonClass = `mantine-focus-auto mantine-active ${Button.root} mantine-Button-root ${UnstyledButton.root} mantine-UnstyledButton-root`;
const buttonVars = ({ variant, size }: ButtonLook, style?: CSSProperties) => vars({
  '--button-height': `var(--button-height-${size})`, '--button-padding-x': `var(--button-padding-x-${size})`,
  '--button-fz': getFontSize(size.replace('compact-', '')), ...BUTTON_VARIANTS[variant],
}, style);
const buttonLabel = (children: ReactNode, loading?: boolean) => (
  <span className={`${Button.inner} mantine-Button-inner`}><span className={`${Button.label} mantine-Button-label`} data-loading={loading || undefined}>{children}</span></span>
);

/** A button-looking router link. */
export function PlainButtonLink({ variant, size, style, children, ...rest }: LinkProps & ButtonLook) {
  return (
    <AppLink {...rest} data-variant={variant} data-size={size} className={buttonClass} style={buttonVars({ variant, size }, style)}>
      {buttonLabel(children)}
    </AppLink>
  );
}

/** A button; while `loading` it is disabled and shows Mantine's loader over its label. */
export function PlainButton({ variant, size, loading, disabled, style, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook & {
  loading?: boolean; [data: `data-${string}`]: string | undefined;
}) {
  return (
    <button type="button" {...rest} disabled={disabled || loading} data-variant={variant} data-size={size} data-disabled={disabled || undefined}
      data-loading={loading || undefined} className={buttonClass} style={buttonVars({ variant, size }, style)}>
      {loading && (
        <span className={`${Button.loader} mantine-Button-loader`} aria-hidden
          style={{ transformOrigin: 'center', opacity: 1, transform: `translate(-50%, calc(-50% + ${spacing(1)}))` }}>
          <Loader color="var(--button-color)" size="calc(var(--button-height) / 1.8)" />
        </span>
      )}
      {buttonLabel(children, loading)}
    </button>
  );
}

/**
 * A bordered card: an <article>, or a router link when `to` is given. Its first section, when
 * given, is either a header strip (on gray.0, with a border below) or bare media (an image).
 */
export function PlainCard({ padding, to, header, media, component: C = 'article', children, ...rest }: Box & {
  padding: Spacing; to?: string; header?: ReactNode; media?: ReactNode; component?: 'article' | 'div'; children: ReactNode;
}) {
  const className = `${Card.root} mantine-Card-root ${Paper.root} mantine-Paper-root`;
  const style = vars({ '--card-padding': spacing(padding) }, rest.style);
  const sectionClass = `${Card.section} mantine-Card-section`;
  const inner = (
    <>
      {header && (
        <div data-with-border data-inherit-padding data-orientation="vertical" data-first-section className={sectionClass}
          style={{ paddingBlock: spacing('xs'), background: 'var(--mantine-color-gray-0)' }}>
          {header}
        </div>
      )}
      {media && <div data-orientation="vertical" data-first-section className={sectionClass}>{media}</div>}
      {children}
    </>
  );
  return to
    ? <AppLink {...(rest as object)} to={to} data-with-border data-orientation="vertical" className={className} style={style}>{inner}</AppLink>
    : <C {...rest} data-with-border data-orientation="vertical" className={className} style={style}>{inner}</C>;
}

/** A bordered section of a form page named by its heading (Mantine's Paper withBorder p="md" as a section, with a Title order 2 size h4). */
export function PlainSection({ title, children, ...rest }: Box & { title: string; children: ReactNode }) {
  return (
    <section {...rest} aria-label={title} data-with-border className={`${Paper.root} mantine-Paper-root`} style={{ padding: spacing('md') }}>
      <PlainTitle order={2} size="h4" style={{ marginBottom: spacing('sm') }}>{title}</PlainTitle>
      {children}
    </section>
  );
}

/** A light alert of `color` with a message and no title or icon (Mantine's Alert). */
export function PlainAlert({ color, py, id, children, ...rest }: Box & { color: string; py?: Spacing; children: ReactNode }) {
  const alertId = useId(id);
  return (
    <div {...rest} id={alertId} role="alert" aria-describedby={`${alertId}-body`} className={`${Alert.root} mantine-Alert-root`}
      style={vars({ '--alert-bg': `var(--mantine-color-${color}-light)`, '--alert-color': `var(--mantine-color-${color}-light-color)`, '--alert-bd': thinBorder('transparent'), paddingBlock: py && spacing(py) })}>
      <div className={`${Alert.wrapper} mantine-Alert-wrapper`}>
        <div className={`${Alert.body} mantine-Alert-body`}><div id={`${alertId}-body`} className={`${Alert.message} mantine-Alert-message`}>{children}</div></div>
      </div>
    </div>
  );
}

/** The picture of a small radio in the primary colour, not a control (Mantine's Radio.Indicator, size sm). */
export function PlainRadioIndicator({ checked }: { checked: boolean }) {
  return (
    <div aria-hidden data-size="sm" data-checked={checked || undefined} className={`${RadioIndicator.indicator} mantine-RadioIndicator-indicator`}
      style={vars({ '--radio-size': 'var(--radio-size-sm)', '--radio-color': 'var(--mantine-color-blue-filled)', '--radio-icon-size': 'var(--radio-icon-size-sm)' })}>
      <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 5 5" aria-hidden className={`${RadioIndicator.icon} mantine-RadioIndicator-icon`}>
        <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
      </svg>
    </div>
  );
}

/** Mantine's Transition at rest, shown: the style its completed-step icon keeps. */
const SHOWN = {
  transitionProperty: 'transform, opacity', WebkitBackfaceVisibility: 'hidden', transitionDuration: '200ms', transitionTimingFunction: 'ease',
  transformOrigin: 'center center', opacity: 1, transform: 'scale(1)',
} as const;

/**
 * A small horizontal progress of named steps, `active` the current one (Mantine's Stepper of
 * size sm with labels only and no step selection): steps before it are checked, it is in progress.
 */
export function PlainStepper({ active, labels, mb, ...rest }: Box & { active: number; labels: string[]; mb?: Spacing }) {
  return (
    <div {...rest} data-size="sm" className={`${Stepper.root} mantine-Stepper-root`}
      style={vars({ '--stepper-icon-size': 'var(--stepper-icon-size-sm)', '--stepper-fz': getFontSize('sm'), '--stepper-spacing': spacing('sm'), marginBottom: mb && spacing(mb) })}>
      <div data-orientation="horizontal" data-icon-position="left" data-label-position="right" data-wrap className={`${Stepper.steps} mantine-Stepper-steps`}>
        {labels.map((label, i) => {
          const state = { 'data-completed': i < active || undefined, 'data-progress': i === active || undefined };
          return [
            i > 0 && <div key={`s${i}`} data-active={i <= active || undefined} data-orientation="horizontal" className={`${Stepper.separator} mantine-Stepper-separator`} />,
            <button key={label} type="button" tabIndex={-1} {...state} data-icon-position="left" data-label-position="right"
              className={`mantine-focus-auto ${Stepper['step--horizontal']} ${Stepper.step} mantine-Stepper-step ${UnstyledButton.root} mantine-UnstyledButton-root`}>
              <span className={`${Stepper.stepWrapper} mantine-Stepper-stepWrapper`}>
                <span {...state} className={`${Stepper.stepIcon} mantine-Stepper-stepIcon`}>
                  {i < active ? (
                    <span className={`${Stepper.stepCompletedIcon} mantine-Stepper-stepCompletedIcon`} style={SHOWN}>
                      <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" style={{ width: '60%', height: '60%' }} aria-hidden>
                        <path d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z" fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
                      </svg>
                    </span>
                  ) : <span className={`${Stepper.stepIconContent} mantine-Stepper-stepIconContent`}>{i + 1}</span>}
                </span>
              </span>
              <span data-orientation="horizontal" data-icon-position="left" className={`${Stepper.stepBody} mantine-Stepper-stepBody`}>
                <span className={`${Stepper.stepLabel} mantine-Stepper-stepLabel`}>{label}</span>
              </span>
            </button>,
          ];
        })}
      </div>
    </div>
  );
}

export function PlainDivider({ my }: { my: Spacing }) {
  return <div data-orientation="horizontal" role="separator" aria-orientation="horizontal" className={`${Divider.root} mantine-Divider-root`} style={{ marginBlock: spacing(my) }} />;
}

/**
 * An image cropped to fill: a square of `size` px with the small radius, or full width and
 * `height` px tall; or whole (contained) in a full-width box of aspect `ratio`, with the medium
 * radius, which holds its place before the picture arrives.
 */
export function PlainImage({ src, alt, size, height, ratio }: { src: string; alt: string } & (
  { size: number; height?: never; ratio?: never } | { height: number; size?: never; ratio?: never } | { ratio: string; size?: never; height?: never })) {
  return <img src={src} alt={alt} className={`${Image.root} mantine-Image-root`} style={size !== undefined
    ? vars({ '--image-radius': getRadius('sm'), '--image-object-fit': 'cover', flexShrink: 0, width: spacing(size), height: spacing(size) })
    : height !== undefined
      ? vars({ '--image-object-fit': 'cover', height: spacing(height) })
      : vars({ '--image-radius': getRadius('md'), '--image-object-fit': 'contain', aspectRatio: ratio })} />;
}

/** A bare button (a menu's target: Mantine's Menu gives it a ref, hence forwardRef). */
export const PlainUnstyledButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { [data: `data-${string}`]: string | undefined }>(
  function PlainUnstyledButton({ className, ...rest }, ref) {
    return <button type="button" {...rest} ref={ref} className={withClass(`mantine-focus-auto ${UnstyledButton.root} mantine-UnstyledButton-root`, className)} />;
  },
);

/** The large container (max-width lg, centred), with `py` above and below. */
export function PlainContainer({ py, children }: { py?: Spacing; children: ReactNode }) {
  return <div data-size="lg" data-strategy="block" className={`${Container.root} mantine-Container-root`}
    style={vars({ '--container-size': 'var(--container-size-lg)', paddingBlock: py && spacing(py) })}>{children}</div>;
}

/** Mantine's ActionIcon of size lg: its variables per variant, and its classes (pressed look only while usable). */
const ACTION_ICON_VARIANTS = {
  subtle: { '--ai-size': 'var(--ai-size-lg)', '--ai-bg': 'transparent', '--ai-hover': 'var(--mantine-color-blue-light-hover)', '--ai-color': 'var(--mantine-color-blue-light-color)', '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent' },
  default: { '--ai-size': 'var(--ai-size-lg)', '--ai-bg': 'var(--mantine-color-default)', '--ai-hover': 'var(--mantine-color-default-hover)', '--ai-color': 'var(--mantine-color-default-color)', '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)' },
} as const;
const actionIconClass = (active: boolean) =>
  `mantine-focus-auto${active ? ' mantine-active' : ''} ${ActionIcon.root} mantine-ActionIcon-root ${UnstyledButton.root} mantine-UnstyledButton-root`;

/** A subtle large icon link with a count badge at its corner (hidden at 0). */
export function PlainIconLink({ to, label, count, children }: { to: string; label: string; count: number; children: ReactNode }) {
  return (
    <div className={`${Indicator.root} mantine-Indicator-root`} style={vars({
      '--indicator-size': spacing(16), '--indicator-top': spacing(4), '--indicator-right': spacing(4), '--indicator-translate-x': '50%', '--indicator-translate-y': '-50%',
    })}>
      {count > 0 && <div data-with-label className={`${Indicator.indicator} mantine-Indicator-indicator`}>{count}</div>}
      <AppLink to={to} aria-label={label} data-variant="subtle" data-size="lg" className={actionIconClass(true)} style={vars(ACTION_ICON_VARIANTS.subtle)}>
        <span className={`${ActionIcon.icon} mantine-ActionIcon-icon`}>{children}</span>
      </AppLink>
    </div>
  );
}

/** The small menu (hamburger) button; its lines turn into a cross while `opened`. */
export function PlainBurger({ opened, onClick, label }: { opened: boolean; onClick: () => void; label: string }) {
  return (
    <button type="button" data-size="sm" aria-label={label} onClick={onClick} className={`mantine-focus-auto ${Burger.root} mantine-Burger-root ${UnstyledButton.root} mantine-UnstyledButton-root`}
      style={vars({ '--burger-size': 'var(--burger-size-sm)' })}>
      <div data-reduce-motion data-opened={opened || undefined} className={`${Burger.burger} mantine-Burger-burger`} />
    </button>
  );
}

/**
 * A filled chip of a single-choice set (Mantine's Chip in a Chip.Group, of the default size or
 * xs): `onChoose` gets its value when picked.
 */
export function PlainChip({ value, checked, disabled, size, onChoose, children }: {
  value: string; checked: boolean; disabled?: boolean; size?: 'xs'; onChoose: (value: string) => void; children: ReactNode;
}) {
  const id = useId();
  return (
    <div data-size={size} className={`${Chip.root} mantine-Chip-root`} style={size && vars({
      '--chip-fz': getFontSize(size), '--chip-size': `var(--chip-size-${size})`, '--chip-checked-padding': `var(--chip-checked-padding-${size})`,
      '--chip-padding': `var(--chip-padding-${size})`, '--chip-icon-size': `var(--chip-icon-size-${size})`, '--chip-spacing': `var(--chip-spacing-${size})`,
    })}>
      <input type="radio" className={`${Chip.input} mantine-Chip-input`} checked={checked} disabled={disabled} id={id} value={value} onChange={(e) => onChoose(e.currentTarget.value)} />
      <label htmlFor={id} data-checked={checked || undefined} data-disabled={disabled || undefined} className={`${Chip['label--filled']} ${Chip.label} mantine-Chip-label`}>
        {checked && <span className={`${Chip.iconWrapper} mantine-Chip-iconWrapper`}><CheckIcon className={`${Chip.checkIcon} mantine-Chip-checkIcon`} /></span>}
        <span>{children}</span>
      </label>
    </div>
  );
}

/**
 * A loading placeholder block `height` px tall, full width, `width` px or a percentage, with the
 * theme's `radius` or the default (Mantine's Skeleton), animated unless `animate` is false.
 */
export function PlainSkeleton({ height, width, radius, animate = true, ...rest }: { height: number; width?: number | `${number}%`; radius?: Size; animate?: boolean; 'aria-hidden'?: boolean }) {
  return <div {...rest} data-visible data-animate={animate || undefined} className={`${Skeleton.root} mantine-Skeleton-root`}
    style={vars({ '--skeleton-radius': radius && getRadius(radius), width: typeof width === 'string' ? width : width && spacing(width), height: spacing(height) })} />;
}

/**
 * Mantine's input of size sm (InputWrapper with Input): the label above the control (or none,
 * when the control has an aria-label), a section at its right when given. `kind` names the
 * component whose classes it carries.
 */
function PlainInputFrame({ kind, id, label, width, pointer, disabled, rightSectionWidth, right, children }: {
  kind: 'NativeSelect' | 'TextInput'; id: string; label?: ReactNode; width?: number | '100%'; pointer?: boolean; disabled?: boolean;
  rightSectionWidth?: number; right?: ReactNode; children: ReactNode;
}) {
  return (
    <div data-size="sm" className={`${Input.root} mantine-InputWrapper-root mantine-${kind}-root`} style={width === undefined ? undefined : { width: width === '100%' ? width : spacing(width) }}>
      {label && (
        <label data-size="sm" htmlFor={id} id={`${id}-label`} className={`${Input.label} mantine-InputWrapper-label mantine-${kind}-label`}
          style={vars({ '--input-label-size': getFontSize('sm') })}>{label}</label>
      )}
      <div data-variant="default" data-size="sm" data-with-right-section={right ? true : undefined} data-pointer={pointer || undefined} data-disabled={disabled || undefined}
        className={`${Input.wrapper} mantine-Input-wrapper mantine-${kind}-wrapper`}
        style={vars({
          '--input-fz': getFontSize('sm'), '--input-height': 'var(--input-height-sm)',
          '--input-right-section-width': rightSectionWidth === undefined ? undefined : spacing(rightSectionWidth),
          '--input-right-section-pointer-events': pointer ? 'none' : undefined,
        })}>
        {children}
        {right && <div data-position="right" className={`${Input.section} mantine-Input-section mantine-${kind}-section`}>{right}</div>}
      </div>
    </div>
  );
}

/** A native select with its label (Mantine's NativeSelect, size sm). */
export function PlainNativeSelect({ label, data, width, ...rest }: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'className' | 'style'> & {
  label: ReactNode; data: { value: string; label: string }[]; width?: number | '100%'; [data: `data-${string}`]: string | undefined;
}) {
  const id = useId();
  return (
    <PlainInputFrame kind="NativeSelect" id={id} label={label} width={width} pointer right={
      <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" data-combobox-chevron data-size="sm"
        className={`${ComboboxChevron.chevron} mantine-ComboboxChevron-chevron`} style={vars({ '--combobox-chevron-size': 'var(--combobox-chevron-size-sm)' })}>
        <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
      </svg>
    }>
      <select {...rest} data-variant="default" id={id} className={`${Input.input} mantine-Input-input mantine-NativeSelect-input`}>
        {data.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </PlainInputFrame>
  );
}

/** Mantine's up-and-down chevron (ComboboxChevron), drawn at the right of a native select. */
const CHEVRON_PATH = 'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';

/**
 * A text input (Mantine's TextInput, size sm) with its label, or an aria-label instead, and
 * optionally a section (a button, a unit) at its right; `style` goes to the input itself.
 */
export function PlainTextInput({ label, rightSection, rightSectionWidth, width, disabled, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'width'> & {
  label?: ReactNode; rightSection?: ReactNode; rightSectionWidth?: number; width?: number;
}) {
  const id = useId();
  return (
    <PlainInputFrame kind="TextInput" id={id} label={label} width={width} disabled={disabled} rightSectionWidth={rightSectionWidth} right={rightSection}>
      <input {...rest} disabled={disabled} data-disabled={disabled || undefined} data-variant="default" id={id} className={`${Input.input} mantine-Input-input mantine-TextInput-input`} />
    </PlainInputFrame>
  );
}

/** A large outlined icon button (Mantine's ActionIcon, variant default, size lg). */
export function PlainActionIcon({ disabled, children, ...rest }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'style'> & { 'aria-label': string }) {
  return (
    <button type="button" {...rest} disabled={disabled} data-disabled={disabled || undefined} data-variant="default" data-size="lg"
      className={actionIconClass(!disabled)} style={vars(ACTION_ICON_VARIANTS.default)}>
      <span className={`${ActionIcon.icon} mantine-ActionIcon-icon`}>{children}</span>
    </button>
  );
}

/** Rows of a name (dimmed) and its value in small text, without borders (Mantine's Table with verticalSpacing 2, fz sm), at most `maxWidth` px wide. */
export function PlainNameValueTable({ rows, maxWidth }: { rows: { name: string; value: ReactNode }[]; maxWidth: number }) {
  return (
    <table className={`${Table.table} mantine-Table-table`} style={vars({ '--table-vertical-spacing': spacing(2), fontSize: getFontSize('sm'), maxWidth: spacing(maxWidth) })}>
      <tbody className={`${Table.tbody} mantine-Table-tbody`}>
        {rows.map((r) => (
          <tr key={r.name} className={`${Table.tr} mantine-Table-tr`}>
            <td className={`${Table.td} mantine-Table-td`} style={{ color: 'var(--mantine-color-dimmed)' }}>{r.name}</td>
            <td className={`${Table.td} mantine-Table-td`}>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Text for screen readers only (Mantine's VisuallyHidden). */
export function PlainVisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={`${VisuallyHidden.root} mantine-VisuallyHidden-root`}>{children}</span>;
}

/** A round-ended bar of size md filled to `value` % in `color` over `track` (theme shades such as 'orange.8'); hidden from screen readers, which read its row's label. */
export function PlainProgress({ value, color, track, style }: { value: number; color: string; track: string; style?: CSSProperties }) {
  return (
    <div aria-hidden data-size="md" className={`${Progress.root} mantine-Progress-root`}
      style={vars({ '--progress-radius': getRadius('xl'), '--progress-size': 'var(--progress-size-md)', background: shadeColor(track) }, style)}>
      <div role="progressbar" aria-valuemax={100} aria-valuemin={0} aria-valuenow={value} aria-valuetext={`${value}%`} className={`${Progress.section} mantine-Progress-section`}
        style={vars({ '--progress-section-color': shadeColor(color), '--progress-section-size': `${value}%` })} />
    </div>
  );
}

/**
 * Mantine's Center with its default Loader (the theme's oval) in it: where a list or a page shows
 * while its data or code comes. `label` names it for screen readers.
 */
export function PlainLoading({ label, size, py = 'xl' }: { label: string; size?: 'sm'; py?: Spacing }) {
  return (
    <div className={`${Center.root} mantine-Center-root`} style={{ paddingBlock: spacing(py) }}>
      <span className={`${LoaderClasses.ovalLoader} ${LoaderClasses.root} mantine-Loader-root`} aria-label={label}
        data-size={size} style={size ? { '--loader-size': `var(--loader-size-${size})` } as CSSProperties : undefined} />
    </div>
  );
}
