/** The auth pages' header image: a hull above the waterline, the fouled part below, a scan line. */
export function HeaderIllustration() {
  return (
    <svg
      viewBox="0 0 1200 200"
      preserveAspectRatio="xMidYMid slice"
      width="100%"
      height="100%"
      role="img"
      aria-label="A ship hull at the waterline being scanned for biofouling"
    >
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0b3d73" />
          <stop offset="1" stopColor="#0b5cad" />
        </linearGradient>
        <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1565c0" />
          <stop offset="1" stopColor="#062a52" />
        </linearGradient>
      </defs>
      <rect width="1200" height="200" fill="url(#sky)" />
      <rect y="110" width="1200" height="90" fill="url(#sea)" />
      <path d="M560 70h520l-50 95H610z" fill="#0a2440" />
      <path d="M560 70h520l-8 16H568z" fill="#c62828" />
      <path d="M700 70V38h150l40 32z" fill="#e3edf7" />
      <rect x="720" y="46" width="14" height="10" fill="#0b5cad" />
      <rect x="744" y="46" width="14" height="10" fill="#0b5cad" />
      <rect x="768" y="46" width="14" height="10" fill="#0b5cad" />
      <g fill="#2e7d32" opacity="0.85">
        <ellipse cx="650" cy="150" rx="26" ry="7" />
        <ellipse cx="760" cy="158" rx="34" ry="6" />
        <ellipse cx="900" cy="152" rx="22" ry="6" />
      </g>
      <g fill="#eceff1" opacity="0.8">
        <circle cx="700" cy="140" r="4" />
        <circle cx="712" cy="146" r="3" />
        <circle cx="840" cy="146" r="4" />
        <circle cx="980" cy="140" r="3" />
      </g>
      <path d="M820 110v90" stroke="#4fc3f7" strokeWidth="3" strokeDasharray="6 6" />
      <rect x="800" y="118" width="40" height="60" fill="#4fc3f7" opacity="0.18" />
      <path
        d="M0 112c40 0 40-8 80-8s40 8 80 8 40-8 80-8 40 8 80 8 40-8 80-8 40 8 80 8 40-8 80-8 40 8 80 8 40-8 80-8 40 8 80 8 40-8 80-8 40 8 80 8 40-8 80-8 40 8 80 8 40-8 80-8 40 8 80 8"
        fill="none"
        stroke="#90caf9"
        strokeWidth="3"
        opacity="0.7"
      />
    </svg>
  );
}
