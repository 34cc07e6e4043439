/*
 * The backend seam: how a sweep drives I/O without knowing what does it.
 *
 * A backend is a const table of operations (struct dd_backend_ops, in the
 * manner of fio's struct ioengine_ops and tmux's struct window_mode) with
 * designated initialisers.  Its data model is the engine's plain structs
 * (io/engine.h): a backend opens a path into a struct dd_target (which then
 * records the backend in t->backend, and may keep private state in
 * t->backend_data), checks a struct dd_point against it, runs a point into
 * a struct dd_result while calling the struct dd_engine_hooks interval
 * callback for live snapshots and watching hooks->cancel_fd, is told to
 * cancel, and closes the target.  A backend of local targets (the io_uring
 * engine) also reopens a target with other rights and makes scratch files:
 * the session (core/session.c) opens every local target through the table.
 *
 * The sweep (core/sweep.c) and the views only ever call through
 * dd_backend_of(t)->op; nobody switches on a kind.  The io_uring engine is
 * the first backend (dd_backend_uring); every backend is listed once in
 * dd_backends[] (backend.c), where dd_backend_find looks it up by name.  A
 * fio client/server backend and an import backend plug in by adding a table
 * and a line to that list; tests/lib/fake-backend.c is a deterministic one that
 * the sweep tests run without I/O.
 */
#ifndef DD_BACKEND_H
#define DD_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/error.h"
#include "io/engine.h"

struct dd_backend_ops {
	/* Short name ("uring"): --backend values and results say it. */
	const char *name;
	/* Open path into *t (writable: allowed to write); sets t->backend. */
	int (*open)(struct dd_target *t, const char *path, bool writable,
		    struct dd_error *err);
	/* Can point p run on t?  0, or a negative errno with err set. */
	int (*check)(const struct dd_point *p, const struct dd_target *t,
		     struct dd_error *err);
	/* Run p on t into *res (large: allocated by the caller), calling
	 * hooks->interval per interval and stopping when hooks->cancel_fd
	 * becomes readable.  0, or a negative errno with err and res->status. */
	int (*run)(const struct dd_target *t, const struct dd_point *p,
		   const struct dd_engine_hooks *hooks, struct dd_result *res,
		   struct dd_error *err);
	/* Ask a running point to stop, from any thread; the cancel fd is
	 * already written.  NULL when the fd is all the backend needs. */
	void (*cancel)(const struct dd_target *t);
	/* Close the target (and free t->backend_data). */
	void (*close)(struct dd_target *t);
	/* Local targets only (NULL where the backend has none): reopen the node
	 * open on t with other rights, t->fd replaced only on success; create a
	 * scratch file of size bytes at path, allocated; open an unnamed one
	 * (-EOPNOTSUPP: the filesystem has none) in path's directory as t. */
	int (*reopen)(struct dd_target *t, bool writable, bool exclusive,
		      struct dd_error *err);
	int (*scratch_create)(const char *path, uint64_t size, struct dd_error *err);
	int (*scratch_open)(struct dd_target *t, const char *path, uint64_t size,
			    struct dd_error *err);
};

/* The io_uring engine (io/engine.c). */
extern const struct dd_backend_ops dd_backend_uring;

/* Every registered backend, NULL-terminated; the first is the default. */
extern const struct dd_backend_ops *const dd_backends[];

/* The backend called name; NULL when there is none. */
const struct dd_backend_ops *dd_backend_find(const char *name);

/* The backend of an open target (the io_uring engine when none is set). */
const struct dd_backend_ops *dd_backend_of(const struct dd_target *t);

/* Open path with backend b (NULL: the default) into *t. */
int dd_backend_open(const struct dd_backend_ops *b, struct dd_target *t,
		    const char *path, bool writable, struct dd_error *err);

#endif
