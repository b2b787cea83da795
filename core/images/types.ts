/** One format of a raster image at several widths. */
export type ImageSource = {
  type: "image/avif" | "image/webp";
  /** "url 480w, url 960w, …" */
  srcSet: string;
};

/**
 * An image as the page needs it: everything to reserve its box before it loads
 * and to let the browser pick the format and width. Serializable (loader data).
 */
export type ImageData = {
  /** Fallback URL: the middle WebP width, or the SVG itself for vector images. */
  src: string;
  /** Intrinsic size: the aspect ratio the browser reserves before the file arrives. */
  width: number;
  height: number;
  /** Modern formats with srcset, best first; empty for SVG. */
  sources: ImageSource[];
  /** Main colour of the artwork, painted while the file loads. */
  color?: string;
};
