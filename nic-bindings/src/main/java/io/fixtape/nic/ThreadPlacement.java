package io.fixtape.nic;

/**
 * One thread of a process and the CPUs the OS allows it to run on, as read back from
 * {@code /proc/<pid>/task/<tid>/status} ({@code Cpus_allowed_list}), never as requested.
 *
 * @param tid      the kernel thread id.
 * @param name     the kernel thread name ({@code comm}, at most 15 characters; Java sets it from the thread name).
 * @param cpus     the allowed CPU list in kernel syntax, e.g. {@code "1"} or {@code "0-1"}.
 */
public record ThreadPlacement(int tid, String name, String cpus)
{
}
