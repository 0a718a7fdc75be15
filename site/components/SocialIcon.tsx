import { AtSign, Globe, Rss, Share2 } from 'lucide';
import type { SocialIcon as SocialIconName } from '../content/site';
import Icon from './Icon';

const ICONS = { 'at-sign': AtSign, rss: Rss, share: Share2, globe: Globe } as const;

/** Generic lucide icons for social links (lucide 1.x ships no brand logos). Decorative. */
export default function SocialIcon({ name, size }: { name: SocialIconName; size?: number }) {
  return <Icon icon={ICONS[name]} size={size} />;
}
