import type { TeamMember } from '@storefront/contracts';
import { useTranslation } from '../../../app/translate.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { Slider } from '../../../components/slider.tsx';
import { useAboutUs } from '../api/get-about-us.ts';

/** The discs behind drawn initials, one after another through the team. */
const COLOURS = ['#0c4a6e', '#115e59', '#7c2d12', '#4c1d95', '#831843'] as const;

/** 1 slide below 500 px, 2 from 500, 3 from 800, 4 from 1100 (spec: team carousel 1 to 4). */
const BREAKPOINTS = {
  0: { slidesPerView: 1 },
  500: { slidesPerView: 2 },
  800: { slidesPerView: 3 },
  1100: { slidesPerView: 4 },
};

/** The photo's drawn size (a circle; the image is cropped to it). */
const PHOTO_SIZE = 120;

/**
 * A name's initials: the first letters of its first two words, spaced in Persian and Arabic script
 * (joined, they would read as a word), together in Latin ("Sara Karimi" → "SK").
 */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/[\s\u200c]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!);
  return letters.join(/[\u0600-\u06ff]/.test(name) ? ' ' : '').toUpperCase();
}

/** A drawn avatar: the initials on a coloured disc with a head-and-shoulders outline behind. */
function Avatar({ initials, colour, label }: { initials: string; colour: string; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 120 120"
      width={PHOTO_SIZE}
      height={PHOTO_SIZE}
      className="mx-auto mb-3"
    >
      <circle cx="60" cy="60" r="58" fill={colour} />
      <circle cx="60" cy="48" r="22" fill="#fff" opacity="0.15" />
      <path d="M22 104 a38 30 0 0 1 76 0" fill="#fff" opacity="0.15" />
      <text
        x="60"
        y="62"
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#fff"
        fontSize="34"
        fontWeight="700"
        fontFamily="inherit"
      >
        {initials}
      </text>
    </svg>
  );
}

/**
 * The store's team (the about-us answer's `team`, in its order): a photo (its alt text, else "photo
 * of …") or drawn initials, name, role and description per card. No section at all without a team.
 */
export function TeamCarousel({ team }: { team: TeamMember[] }) {
  const { t } = useTranslation('news');
  if (team.length === 0) return null;
  return (
    <section aria-labelledby="team-heading" className="mt-10" data-testid="team">
      <h2 id="team-heading" className="mb-1 text-xl font-bold text-slate-900">
        {t('about.teamTitle')}
      </h2>
      <p className="mb-4 text-slate-700">{t('about.teamIntro')}</p>
      <Slider
        items={team}
        getKey={(member) => `${member.name}-${team.indexOf(member)}`}
        label={t('about.teamCarousel')}
        breakpoints={BREAKPOINTS}
        renderItem={(member, index) => (
          <article className="h-full rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
            {member.photo ? (
              <ResponsiveImage
                src={member.photo.image}
                sizes={`${PHOTO_SIZE}px`}
                alt={member.photo.alt || t('about.photoAlt', { name: member.name })}
                loading="lazy"
                decoding="async"
                width={PHOTO_SIZE}
                height={PHOTO_SIZE}
                className="mx-auto mb-3 block aspect-square h-[120px] w-[120px] rounded-full bg-slate-100 object-cover"
              />
            ) : (
              <Avatar
                initials={initialsOf(member.name)}
                colour={COLOURS[index % COLOURS.length]!}
                label={t('about.avatarAlt', { name: member.name })}
              />
            )}
            <h3 className="text-base font-bold text-slate-900">{member.name}</h3>
            {member.role ? <p className="mb-2 text-sm font-semibold text-sky-900">{member.role}</p> : null}
            {member.description ? (
              <p className="text-sm leading-6 text-slate-700">{member.description}</p>
            ) : null}
          </article>
        )}
      />
    </section>
  );
}

/** The carousel as an island of the about-us page (app/islands.tsx): the team from the page's data. */
export function TeamIsland() {
  return <TeamCarousel team={useAboutUs().data?.[0]?.team ?? []} />;
}
