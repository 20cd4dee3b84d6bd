import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function GlobeIcon(props: IconProps) {
  return (
    <svg {...base} {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
    </svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <svg {...base} {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/** An icon of one path: stroked in the text's colour (`base`), or filled with it. */
function pathIcon(d: string, filled = false) {
  const paint = filled ? { fill: 'currentColor', stroke: 'none' } : {};
  return function PathIcon(props: IconProps) {
    return (
      <svg {...base} {...paint} {...props}>
        <path d={d} />
      </svg>
    );
  };
}

/** An icon of one path that points to the reading end of the line: mirrored in right-to-left by the `rtl:` class. */
function endIcon(d: string) {
  const Icon = pathIcon(d);
  return function EndIcon({ className = '', ...props }: IconProps) {
    return <Icon {...props} className={`rtl:-scale-x-100 ${className}`} />;
  };
}

/** Points to the reading end of the line. */
export const ChevronEndIcon = endIcon('m9 6 6 6-6 6');
export const ChevronDownIcon = pathIcon('m6 9 6 6 6-6');
export const MenuIcon = pathIcon('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = pathIcon('M6 6l12 12M18 6 6 18');
/** A paper plane; points to the reading end of the line. */
export const SendIcon = endIcon('M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z');
export const LinkedInIcon = pathIcon(
  'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4V21H3zM9.5 9.75h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-4.9c0-1.17-.02-2.67-1.63-2.67-1.63 0-1.88 1.27-1.88 2.59V21h-4z',
  true,
);
export const YouTubeIcon = pathIcon(
  'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.75 15.5v-7l6 3.5z',
  true,
);

export function ImagePlaceholderIcon(props: IconProps) {
  return (
    <svg {...base} strokeWidth={1.5} {...props}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="8.5" cy="8.5" r="1.5" />
      <path d="m21 15-5-5L5 21" />
    </svg>
  );
}

/** The flag of Iran (simplified: the three bands). */
export function FlagIR(props: IconProps) {
  return (
    <svg width="24" height="16" viewBox="0 0 24 16" aria-hidden focusable={false} {...props}>
      <rect width="24" height="16" fill="#fff" />
      <rect width="24" height="5.33" fill="#239f40" />
      <rect y="10.67" width="24" height="5.33" fill="#da0000" />
      <circle cx="12" cy="8" r="1.6" fill="none" stroke="#da0000" strokeWidth="0.8" />
    </svg>
  );
}

/** The flag of the United Kingdom (simplified). */
export function FlagGB(props: IconProps) {
  return (
    <svg width="24" height="16" viewBox="0 0 60 40" aria-hidden focusable={false} {...props}>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0l60 40M60 0 0 40" stroke="#fff" strokeWidth="8" />
      <path d="M0 0l60 40M60 0 0 40" stroke="#c8102e" strokeWidth="3" />
      <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
      <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
    </svg>
  );
}
