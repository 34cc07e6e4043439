/*
 * PLACEHOLDER for the io part's src/io/fio.c (core branch only): the few
 * io/fio.h symbols core/fleet.c calls, so the core branch links (and
 * tests/layers.sh links libddcore whole) before the fio backend lands.
 * DELETE this file and its Makefile.am line when io's fio.c is merged:
 * both define the same symbols, so keeping both fails the link loudly.
 *
 * Its backend opens nothing (-ENOSYS); its state names follow fio.h.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "io/fio.h"

/* Open: the fio backend is not built on this branch. */
static int
fio_pending_open(struct dd_target *t, const char *path, bool writable, struct dd_error *err)
{
	(void)t;
	(void)writable;
	return dd_error_set(err, -ENOSYS, "%.200s: the fio backend is not built yet", path);
}

const struct dd_backend_ops dd_backend_fio = {
	.name = "fio",
	.open = fio_pending_open,
};

/* No size to keep: nothing opens. */
void
dd_fio_set_size(struct dd_target *t, uint64_t size)
{
	(void)t;
	(void)size;
}

/* No class to keep: nothing opens. */
void
dd_fio_set_class(struct dd_target *t, enum dd_target_class tc)
{
	(void)t;
	(void)tc;
}

/* No identity: nothing ran. */
bool
dd_fio_identity(const struct dd_target *t, struct dd_fio_identity *out)
{
	(void)t;
	memset(out, 0, sizeof *out);
	return false;
}

/* No client version: nothing runs. */
const char *
dd_fio_client_version(void)
{
	return "";
}

/* The state names of fio.h's statuses. */
const char *
dd_fio_state_name(int status)
{
	switch (status) {
	case 0:
		return "ok";
	case -ENOENT:
		return "no fio";
	case -ECONNREFUSED:
		return "refused";
	case -ETIMEDOUT:
		return "timeout";
	case -ECONNRESET:
		return "lost";
	case -EPROTO:
		return "protocol";
	case -EBADMSG:
		return "bad output";
	default:
		return "failed";
	}
}
