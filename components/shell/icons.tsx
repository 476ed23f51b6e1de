import type { NavItem } from './nav-items';

const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function NavIcon({ icon }: { icon: NavItem['icon'] }) {
  switch (icon) {
    case 'home':
      return (
        <svg {...common}>
          <path d="M2 7.5 8 2.5l6 5" />
          <path d="M3.5 6.5V13.5h9V6.5" />
        </svg>
      );
    case 'pipe':
      return (
        <svg {...common}>
          <path d="M1.5 5.5h8a3 3 0 0 1 3 3v6" />
          <path d="M1.5 9h6.5a1 1 0 0 1 1 1v4.5" />
        </svg>
      );
    case 'key':
      return (
        <svg {...common}>
          <circle cx="5.5" cy="10.5" r="3" />
          <path d="M7.6 8.4 13.5 2.5M11.5 4.5l1.5 1.5M10 6l1.2 1.2" />
        </svg>
      );
    case 'endpoint':
      return (
        <svg {...common}>
          <rect x="1.75" y="3" width="5" height="10" rx="1.25" />
          <rect x="9.25" y="3" width="5" height="10" rx="1.25" />
          <path d="M6.75 8h2.5" />
        </svg>
      );
    case 'scaling':
      return (
        <svg {...common}>
          <path d="M2.5 13.5h11" />
          <path d="M4 11V8M8 11V4.5M12 11V6.5" />
        </svg>
      );
    case 'dashboard':
      return (
        <svg {...common}>
          <rect x="1.75" y="1.75" width="5.5" height="7" rx="1" />
          <rect x="8.75" y="1.75" width="5.5" height="4" rx="1" />
          <rect x="8.75" y="7.25" width="5.5" height="7" rx="1" />
          <rect x="1.75" y="10.25" width="5.5" height="4" rx="1" />
        </svg>
      );
    case 'alert':
      return (
        <svg {...common}>
          <path d="M4 11.5V7a4 4 0 0 1 8 0v4.5l1.25 1.5H2.75z" />
          <path d="M6.5 14.5h3" />
        </svg>
      );
    case 'source':
      return (
        <svg {...common}>
          <ellipse cx="8" cy="3.75" rx="5.25" ry="2" />
          <path d="M2.75 3.75v8.5c0 1.1 2.35 2 5.25 2s5.25-.9 5.25-2v-8.5" />
          <path d="M2.75 8c0 1.1 2.35 2 5.25 2s5.25-.9 5.25-2" />
        </svg>
      );
    case 'audit':
      return (
        <svg {...common}>
          <path d="M3.25 1.75h6.5l3 3v9.5H3.25z" />
          <path d="M5.5 7.5h5M5.5 10h5M5.5 12.5h3" />
        </svg>
      );
    case 'services':
      // A stack of servers: each service is a deployment of its own (the database drum is Sources').
      return (
        <svg {...common}>
          <rect x="1.75" y="2" width="12.5" height="5" rx="1.25" />
          <rect x="1.75" y="9" width="12.5" height="5" rx="1.25" />
          <path d="M4.5 4.5h.01M4.5 11.5h.01M7.5 4.5h4M7.5 11.5h4" />
        </svg>
      );
    case 'users':
      return (
        <svg {...common}>
          <circle cx="6" cy="5.25" r="2.5" />
          <path d="M1.75 13.75c.4-2.4 2.1-3.75 4.25-3.75s3.85 1.35 4.25 3.75" />
          <path d="M10.5 3a2.25 2.25 0 0 1 0 4.5M12 10.25c1.25.5 2 1.6 2.25 3.5" />
        </svg>
      );
  }
}

export function Logo() {
  return (
    <svg width="22" height="22" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M8 11h10M8 16h16M14 21h10" stroke="#ffffff" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export function MenuIcon({ open }: { open: boolean }) {
  return open ? (
    <svg {...common}>
      <path d="M4 4l8 8M12 4l-8 8" />
    </svg>
  ) : (
    <svg {...common}>
      <path d="M2.5 4.5h11M2.5 8h11M2.5 11.5h11" />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg {...common} width={14} height={14}>
      <path d="M4.5 6.5 8 10l3.5-3.5" />
    </svg>
  );
}
