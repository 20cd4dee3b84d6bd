/**
 * The about-us banner, drawn (no image request, no layout shift): a skyline of trade (crates, a ship,
 * a globe) over a gradient. Decorative: the page title beside it names the page.
 */
export function AboutBanner({ text }: { text: string }) {
  return (
    <div className="relative mb-6 overflow-hidden rounded-2xl bg-gradient-to-br from-sky-900 via-sky-800 to-teal-700 text-white">
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 1200 300"
        width="1200"
        height="300"
        preserveAspectRatio="xMidYMid slice"
        className="block aspect-[4/1] h-auto min-h-40 w-full"
      >
        <circle cx="980" cy="90" r="120" fill="#fff" opacity="0.08" />
        <circle cx="980" cy="90" r="80" fill="none" stroke="#fff" strokeOpacity="0.25" strokeWidth="2" />
        <ellipse
          cx="980"
          cy="90"
          rx="35"
          ry="80"
          fill="none"
          stroke="#fff"
          strokeOpacity="0.25"
          strokeWidth="2"
        />
        <path d="M900 90h160M912 50h136M912 130h136" stroke="#fff" strokeOpacity="0.25" strokeWidth="2" />
        <path d="M0 250 Q300 200 600 240 T1200 230 V300 H0Z" fill="#fff" opacity="0.1" />
        <path d="M0 270 Q320 235 640 265 T1200 255 V300 H0Z" fill="#fff" opacity="0.12" />
        <g fill="#fbbf24" opacity="0.85">
          <rect x="120" y="200" width="60" height="40" rx="3" />
          <rect x="185" y="200" width="60" height="40" rx="3" fill="#f87171" />
          <rect x="150" y="158" width="60" height="40" rx="3" fill="#34d399" />
        </g>
        <path d="M300 235 h190 l-25 30 h-140z" fill="#e2e8f0" opacity="0.9" />
        <rect x="360" y="205" width="70" height="30" fill="#cbd5e1" opacity="0.9" />
        <path d="M395 205 V170" stroke="#e2e8f0" strokeWidth="4" />
      </svg>
      <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/70 to-transparent px-5 pb-4 pt-10 text-lg font-bold leading-8 sm:text-2xl">
        {text}
      </p>
    </div>
  );
}
