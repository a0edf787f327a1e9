package io.fixtape.nic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KernelBypassTest
{
    @Test
    void reportsAbsentWhenNothingIsThere(@TempDir final Path root)
    {
        final KernelBypass bypass = new KernelBypass(Map.of(), root);
        assertEquals("onload=absent; ef_vi=absent; vma=absent", bypass.summary());
        bypass.detect().forEach(stack -> assertFalse(stack.active()));
    }

    @Test
    void aLibraryOnDiskIsInstalledButOnlyAPreloadIsActive(@TempDir final Path root) throws Exception
    {
        Files.createDirectories(root.resolve("usr/lib64"));
        Files.createFile(root.resolve("usr/lib64/libonload.so"));
        Files.createDirectories(root.resolve("dev"));
        Files.createFile(root.resolve("dev/onload"));
        Files.createDirectories(root.resolve("usr/lib"));
        Files.createFile(root.resolve("usr/lib/libvma.so"));

        final KernelBypass installed = new KernelBypass(Map.of(), root);
        final KernelBypass.Stack onload = installed.detect().get(0);
        assertFalse(onload.active());
        assertEquals("installed, not preloaded (/usr/lib64/libonload.so, /dev/onload)", onload.status());

        final KernelBypass preloaded = new KernelBypass(Map.of("LD_PRELOAD", "libvma.so"), root);
        final KernelBypass.Stack vma = preloaded.detect().get(2);
        assertTrue(vma.active());
        assertTrue(vma.status().startsWith("active (LD_PRELOAD=libvma.so"), vma.status());
    }

    @Test
    void thisMachineIsReportedWithoutFailing()
    {
        final String summary = new KernelBypass().summary();
        assertTrue(summary.contains("onload=") && summary.contains("vma=") && summary.contains("ef_vi="), summary);
    }
}
