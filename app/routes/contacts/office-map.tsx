/**
 * A static map picture drawn from the office's coordinates: no tiles, no
 * third-party script, nothing loaded at runtime. The pin sits at the centre of
 * a grid of the surrounding 0.01° lines, labelled with the coordinates, and
 * the link beside it opens the real map.
 */
export function OfficeMap({ lat, lon, label }: { lat: number; lon: number; label: string }) {
  const W = 640;
  const H = 320;
  const step = 0.002; // degrees between grid lines
  // Degrees of longitude shrink with latitude: keep the grid square on screen.
  const pxPerDeg = 80 / step;
  const pxPerDegLon = pxPerDeg * Math.cos((lat * Math.PI) / 180);
  const x = (lo: number) => W / 2 + (lo - lon) * pxPerDegLon;
  const y = (la: number) => H / 2 - (la - lat) * pxPerDeg;
  const lines: { key: string; x1: number; y1: number; x2: number; y2: number }[] = [];
  for (let k = -4; k <= 4; k++) {
    const la = Math.round(lat / step) * step + k * step;
    lines.push({ key: `la${k}`, x1: 0, y1: y(la), x2: W, y2: y(la) });
    const lo = Math.round(lon / step) * step + k * step;
    lines.push({ key: `lo${k}`, x1: x(lo), y1: 0, x2: x(lo), y2: H });
  }
  return (
    <svg className="office-map" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Схема: ${label}`}>
      <rect width={W} height={H} className="office-map__ground" />
      {lines.map((l) => (
        <line key={l.key} x1={l.x1.toFixed(1)} y1={l.y1.toFixed(1)} x2={l.x2.toFixed(1)} y2={l.y2.toFixed(1)} className="office-map__grid" />
      ))}
      <circle cx={W / 2} cy={H / 2} r="56" className="office-map__halo" />
      <path
        d={`M${W / 2} ${H / 2} c-14 -18 -22 -28 -22 -40 a22 22 0 0 1 44 0 c0 12 -8 22 -22 40z`}
        className="office-map__pin"
      />
      <circle cx={W / 2} cy={H / 2 - 40} r="8" className="office-map__dot" />
      <text x="16" y={H - 16} className="office-map__caption">
        {lat.toFixed(5)}° с. ш., {lon.toFixed(5)}° в. д.
      </text>
    </svg>
  );
}

/** Opens the address in Yandex Maps with a pin on the office. */
export function yandexMapsUrl(lat: number, lon: number, address: string): string {
  return `https://yandex.ru/maps/?pt=${lon},${lat}&z=16&l=map&text=${encodeURIComponent(address)}`;
}
