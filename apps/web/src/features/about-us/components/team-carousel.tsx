import { useTranslation } from 'react-i18next';
import { Slider } from '../../../components/slider.tsx';

/** The five placeholder team members (texts in the news namespace, about.members.{key}). */
export const TEAM = [
  { key: 'ceo', colour: '#0c4a6e' },
  { key: 'sales', colour: '#115e59' },
  { key: 'logistics', colour: '#7c2d12' },
  { key: 'support', colour: '#4c1d95' },
  { key: 'training', colour: '#831843' },
] as const;

/** 1 slide below 500 px, 2 from 500, 3 from 800, 4 from 1100 (spec: team carousel 1 to 4). */
const BREAKPOINTS = {
  0: { slidesPerView: 1 },
  500: { slidesPerView: 2 },
  800: { slidesPerView: 3 },
  1100: { slidesPerView: 4 },
};

/** A drawn avatar: the initials on a coloured disc with a head-and-shoulders outline behind. */
function Avatar({ initials, colour, label }: { initials: string; colour: string; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 120 120"
      width="120"
      height="120"
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

export function TeamCarousel() {
  const { t } = useTranslation('news');
  return (
    <section aria-labelledby="team-heading" className="mt-10 [&_.swiper-slide]:h-auto" data-testid="team">
      <h2 id="team-heading" className="mb-1 text-xl font-bold text-slate-900">
        {t('about.teamTitle')}
      </h2>
      <p className="mb-4 text-slate-700">{t('about.teamIntro')}</p>
      <Slider
        items={[...TEAM]}
        getKey={(member) => member.key}
        label={t('about.teamCarousel')}
        breakpoints={BREAKPOINTS}
        renderItem={(member) => {
          const name = t(`about.members.${member.key}.name`);
          return (
            <article className="h-full rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
              <Avatar
                initials={t(`about.members.${member.key}.initials`)}
                colour={member.colour}
                label={t('about.avatarAlt', { name })}
              />
              <h3 className="text-base font-bold text-slate-900">{name}</h3>
              <p className="mb-2 text-sm font-semibold text-sky-900">
                {t(`about.members.${member.key}.role`)}
              </p>
              <p className="text-sm leading-6 text-slate-700">
                {t(`about.members.${member.key}.description`)}
              </p>
            </article>
          );
        }}
      />
    </section>
  );
}
