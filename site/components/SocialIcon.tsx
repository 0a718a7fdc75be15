import { AtSign, Globe, Rss, Share2, type LucideProps } from 'lucide-react';
import type { SocialIcon as SocialIconName } from '../content/site';

const ICONS = { 'at-sign': AtSign, rss: Rss, share: Share2, globe: Globe } as const;

/** Generic lucide icons for social links (lucide 1.x ships no brand logos). Decorative. */
export default function SocialIcon({ name, ...props }: { name: SocialIconName } & LucideProps) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" {...props} />;
}
