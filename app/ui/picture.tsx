import type { ImageData } from "#core/images/types.ts";
import { cx } from "./class-names.ts";

type PictureProps = {
  image: ImageData;
  /** Text equivalent; "" when the image only decorates what the text already says. */
  alt: string;
  /**
   * How wide the image is drawn, so the browser picks the right file, e.g.
   * "(min-width: 1440px) 400px, (min-width: 768px) 50vw, 100vw".
   */
  sizes?: string;
  /**
   * The page's largest image in the first screen (its LCP element): loads at
   * once with high priority. Everything else loads lazily.
   */
  priority?: boolean;
  /** cover: fills a box of the parent's aspect ratio (cards); default: keeps its own. */
  fit?: "cover";
  className?: string;
};

/**
 * A generated image in modern formats (AVIF, then WebP) at several widths,
 * with its width and height so its box is reserved before it loads.
 */
export function Picture({ image, alt, sizes = "100vw", priority = false, fit, className }: PictureProps) {
  const img = (
    <img
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={cx("picture__img", image.sources.length === 0 && className, fit === "cover" && "picture__img--cover")}
      style={image.color ? { backgroundColor: image.color } : undefined}
    />
  );
  if (image.sources.length === 0) return img;
  return (
    <picture className={cx("picture", fit === "cover" && "picture--cover", className)}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
