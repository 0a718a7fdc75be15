import type { IconNode } from 'lucide';

/**
 * A lucide icon as plain SVG. Why not lucide-react: its 1.x Icon is a client component (it reads
 * a context), so every icon, even in a server component, ships the Icon code and its path data
 * to the browser. This renderer has no hooks and no directive: in a server component it costs no
 * client JavaScript at all, and in a client component only a few hundred bytes.
 * Every icon on this site is decorative (a text label sits next to it), hence aria-hidden.
 */
export default function Icon({
  icon,
  size = 24,
  className,
}: {
  icon: IconNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
    >
      {icon.map(([tag, attrs], index) => {
        const Tag = tag as 'path';
        return <Tag key={index} {...attrs} />;
      })}
    </svg>
  );
}
