/*
 * The backend registry and the io_uring engine's ops table.
 *
 * dd_backends[] is the one list of backends (the io_uring engine, the
 * default, then the fio client/server backend of io/fio.c); dd_backend_uring
 * wraps the engine's functions (engine_target_open, engine_point_check,
 * engine_run, engine_target_close, and for local targets reopening and
 * scratch files: io/target.h) so that the sweep and the session reach them
 * only through the table.  See backend.h for the seam itself.
 */
#include "config.h"

#include <string.h>

#include "backend.h"
#include "fio.h"

/* An unnamed scratch file opened as a target of the io_uring engine. */
static int
uring_scratch_open(struct dd_target *t, const char *path, uint64_t size, struct dd_error *err)
{
	int rc = engine_scratch_open_unnamed(t, path, size, err);

	if (rc == 0)
		t->backend = &dd_backend_uring;
	return rc;
}

const struct dd_backend_ops dd_backend_uring = {
	.name = "uring",
	.open = engine_target_open,
	.check = engine_point_check,
	.run = engine_run,
	.cancel = NULL,		/* the engine polls the cancel fd */
	.close = engine_target_close,
	.reopen = engine_target_reopen,
	.scratch_create = engine_scratch_create,
	.scratch_open = uring_scratch_open,
};

const struct dd_backend_ops *const dd_backends[] = {
	&dd_backend_uring,
	&dd_backend_fio,
	NULL,
};

/* Look a backend up by name. */
const struct dd_backend_ops *
dd_backend_find(const char *name)
{
	for (size_t i = 0; name != NULL && dd_backends[i] != NULL; i++)
		if (strcmp(dd_backends[i]->name, name) == 0)
			return dd_backends[i];
	return NULL;
}

/* The backend of an open target. */
const struct dd_backend_ops *
dd_backend_of(const struct dd_target *t)
{
	return t->backend != NULL ? t->backend : dd_backends[0];
}

/* Open a target with a backend. */
int
dd_backend_open(const struct dd_backend_ops *b, struct dd_target *t, const char *path,
		bool writable, struct dd_error *err)
{
	int ret = (b != NULL ? b : dd_backends[0])->open(t, path, writable, err);

	if (ret == 0 && t->backend == NULL)
		t->backend = b != NULL ? b : dd_backends[0];
	return ret;
}
