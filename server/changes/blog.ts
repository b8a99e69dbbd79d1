/**
 * The blog's changes (docs/product.md §2 'Blog Management', §7; decision 0030): the post dialog's
 * save (create, update), publish (now or at a time), delete, and beyond the spec unpublish and
 * archive. Declared once (decision 0182); create, update, delete and publish keep their `/api` doors
 * (docs/product.md §7: POST, PATCH, DELETE /api/admin/blog, POST /api/admin/blog/{id}/publish).
 * A post's fields are read by the blog service (`blogPayloadSchema`, app/modules/blog/blog.schema.ts),
 * from a form's text or JSON alike; the featured image is a file the door hands over (`upload`).
 */
import { z } from 'zod';
import { change } from './change.ts';
import { given, rowId, upload } from './inputs.ts';

const featuredImage = upload('The image');
const anId = z.object({ id: rowId });

export const blogChanges = {
  'blog.create': change({
    who: 'staff',
    input: z.object({ featuredImage }).catchall(z.unknown()),
    run: ({ services }, { featuredImage: image, ...fields }) => services.blog.createPost(fields, image),
    created: true,
  }),
  'blog.update': change({
    who: 'staff',
    input: z.object({ id: rowId, featuredImage }).catchall(z.unknown()),
    run: ({ services }, { id, featuredImage: image, ...fields }) =>
      services.blog.updatePost(id, fields, image),
  }),
  'blog.delete': change({
    who: 'staff',
    input: anId,
    run: ({ services }, { id }) => services.blog.deletePost(id),
  }),
  'blog.publish': change({
    who: 'staff',
    // now, or at `publishAt` (a Winnipeg wall-clock time or an ISO instant; the service reads it)
    input: z.object({ id: rowId, publishAt: given }),
    run: ({ services }, { id, publishAt }) => services.blog.publishPost(id, { publishAt }),
  }),
  'blog.unpublish': change({
    who: 'staff',
    input: anId,
    run: ({ services }, { id }) => services.blog.unpublishPost(id),
  }),
  'blog.archive': change({
    who: 'staff',
    input: anId,
    run: ({ services }, { id }) => services.blog.archivePost(id),
  }),
};
