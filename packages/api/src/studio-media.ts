import { z } from 'zod';
import { id, okBody } from './common';

/** A library image as templates and the studio read it (spec §3 "Image asset"). */
export const mediaAsset = z.object({
  id: z.string(),
  /** Images are resized (`?format=<w>w`); audio and video files are kept as sent and played. */
  kind: z.enum(['image', 'audio', 'video']),
  assetUrl: z.string(),
  originalSize: z.string(),
  /** The resized widths produced, as `500w,750w,…` (empty for an image smaller than them all). */
  systemDataVariants: z.string(),
  mediaFocalPoint: z.object({ x: z.number(), y: z.number() }),
  altText: z.string(),
  title: z.string(),
  filename: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
});

export const mediaPatchBody = z.object({
  filename: z.string().trim().min(1, 'Please enter a file name').max(200).optional(),
  title: z.string().trim().max(200).optional(),
  altText: z.string().trim().max(500).optional(),
  focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
});

/** A post's main image as stored (spec §3 "Image asset"; `id` when picked from the library). */
const storedImage = z.object({
  id: z.string().optional(),
  assetUrl: z.string(),
  originalSize: z.string(),
  mediaFocalPoint: z.object({ x: z.number(), y: z.number() }).optional(),
  altText: z.string().optional(),
  filename: z.string().optional(),
  colorData: z.record(z.string(), z.string()).optional(),
  systemDataVariants: z.string().optional(),
});

const postTitle = z.string().trim().min(1, 'Please enter a title').max(200);

/** What the post editor saves; only the fields sent change. */
export const postUpdateBody = z
  .object({
    title: postTitle.optional(),
    excerpt: z.string().max(5000).optional(),
    body: z.string().max(100_000).optional(),
    author: z.string().trim().max(200).optional(),
    publishOn: z.iso.datetime({ offset: true }).optional(),
    tags: z.array(z.string().max(200)).max(50).optional(),
    categories: z.array(z.string().max(200)).max(20).optional(),
    mainImage: z
      .object({
        id: z.string().max(64).optional(),
        assetUrl: z
          .string()
          .max(300)
          .regex(/^\/(media|assets)\/[\w./-]+$/),
        originalSize: z
          .string()
          .max(20)
          .regex(/^\d+x\d+$/),
        systemDataVariants: z.string().max(100).optional(),
        altText: z.string().max(500).optional(),
      })
      .nullable()
      .optional(),
  })
  // An empty save is the caller's mistake (and an UPDATE with nothing to set fails in SQL).
  .refine(
    (post) => Object.values(post).some((value) => value !== undefined),
    'Nothing to change: send at least one field.',
  );
export type PostInput = z.output<typeof postUpdateBody>;

const mediaParams = z.object({ id });
const blogParams = z.object({ blogId: id });
const postParams = z.object({ blogId: id, postId: id });

/** The media library and the blog posts that pick their images from it. */
export const studioMediaRoutes = {
  'GET /api/studio/media': {
    summary: 'Studio: the media library, newest first',
    response: z.object({ media: z.array(mediaAsset) }),
  },
  'POST /api/studio/media': {
    summary: 'Studio: upload an image (multipart/form-data, one `file`), resized to the spec widths',
    status: 201,
    // The body is multipart, read as a stream by the route: no JSON schema to declare.
    response: mediaAsset,
  },
  'PATCH /api/studio/media/:id': {
    summary: 'Studio: rename an image, set its title, alt text or focal point',
    params: mediaParams,
    body: mediaPatchBody,
    response: mediaAsset,
  },
  'DELETE /api/studio/media/:id': {
    summary: 'Studio: delete an image (its files too unless another entry uses them)',
    params: mediaParams,
    response: okBody,
  },
  'GET /api/studio/blogs/:blogId/posts': {
    summary: 'Studio: a blog and its posts, newest first',
    params: blogParams,
    response: z.object({
      blog: z.object({ id: z.string(), title: z.string(), urlId: z.string() }),
      posts: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          urlId: z.string(),
          fullUrl: z.string(),
          excerpt: z.string(),
          body: z.string(),
          author: z.string(),
          publishOn: z.string(),
          tags: z.array(z.string()),
          categories: z.array(z.string()),
          mainImage: storedImage.nullable(),
        }),
      ),
    }),
  },
  'POST /api/studio/blogs/:blogId/posts': {
    summary: 'Studio: create a post (unique slug)',
    status: 201,
    params: blogParams,
    body: z.object({ title: postTitle }),
    response: z.object({ id: z.string(), urlId: z.string() }),
  },
  'PUT /api/studio/blogs/:blogId/posts/:postId': {
    summary: 'Studio: save a post (text, author, date, tags, categories, main image)',
    params: postParams,
    body: postUpdateBody,
    response: okBody,
  },
  'DELETE /api/studio/blogs/:blogId/posts/:postId': {
    summary: 'Studio: delete a post',
    params: postParams,
    response: okBody,
  },
} as const;
