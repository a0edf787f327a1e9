/*
 * A stand-in for OpenOnload's libonload_ext.so, built by OnloadBindingTest with the host C compiler, so the JNA
 * binding's signatures, return-code handling and struct marshalling are exercised on machines without Onload.
 * It implements the four extension calls fixtape binds with the header's types, plus stand_in_* controls for the
 * test. It is test code only: it accelerates nothing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

struct onload_stat {
  int32_t stack_id;
  char*   stack_name;
  int32_t endpoint_id;
  int32_t endpoint_state;
};

static int present;
static int accelerated_fd = -1;
static char last_stackname[64];
static int last_who = -1, last_scope = -1, last_spin_type = -1, last_spin = -1;

int onload_is_present(void) { return present; }

int onload_set_stackname(int who, int scope, const char* stackname)
{
  if (who < 0 || who > 1 || scope < 0 || scope > 4) return -EINVAL;
  last_who = who;
  last_scope = scope;
  strncpy(last_stackname, stackname == NULL ? "(null)" : stackname, sizeof(last_stackname) - 1);
  return 0;
}

int onload_fd_stat(int fd, struct onload_stat* stat)
{
  if (fd < 0) return -EBADF;
  if (fd != accelerated_fd) return 0;
  stat->stack_id = 7;
  stat->stack_name = strdup(last_stackname);
  stat->endpoint_id = fd * 10;
  stat->endpoint_state = 3;
  return 1;
}

int onload_thread_set_spin(int type, int spin)
{
  if (type < 0 || type > 13) return -EINVAL;
  last_spin_type = type;
  last_spin = spin;
  return 0;
}

void stand_in_set_present(int value) { present = value; }
void stand_in_accelerate_fd(int fd) { accelerated_fd = fd; }
int stand_in_last_who(void) { return last_who; }
int stand_in_last_scope(void) { return last_scope; }
int stand_in_last_spin_type(void) { return last_spin_type; }
int stand_in_last_spin(void) { return last_spin; }
