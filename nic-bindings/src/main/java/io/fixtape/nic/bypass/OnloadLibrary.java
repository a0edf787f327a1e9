package io.fixtape.nic.bypass;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * JNA view of OpenOnload's extension API ({@code onload/extensions.h}, library {@code libonload_ext.so}). Only the
 * calls fixtape uses; enum arguments are passed as their C ordinals (see {@link Onload}).
 *
 * <p>Package-private: callers go through {@link Onload}, which checks return codes and availability.
 */
interface OnloadLibrary extends Library
{
    /** Non-zero when this process runs under Onload (libonload.so preloaded and active). */
    int onload_is_present();

    /** 0 on success, −errno on failure. {@code stackname} null means "do not accelerate". */
    int onload_set_stackname(int who, int scope, String stackname);

    /** 1 if the fd is accelerated (fills {@code stat}), 0 if it is a kernel socket, −errno on failure. */
    int onload_fd_stat(int fd, OnloadStat stat);

    /** 0 on success, −errno on failure. */
    int onload_thread_set_spin(int type, int spin);

    /** {@code struct onload_stat}; {@code stack_name} is malloc'd by Onload and freed by the caller. */
    @Structure.FieldOrder({"stack_id", "stack_name", "endpoint_id", "endpoint_state"})
    final class OnloadStat extends Structure
    {
        public int stack_id;
        public Pointer stack_name;
        public int endpoint_id;
        public int endpoint_state;
    }
}
