package io.fixtape.bench.harness.run;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.ReadBack;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProfileCheckTest
{
    private static Map<String, Object> configured()
    {
        final Map<String, Object> configured = new LinkedHashMap<>();
        configured.put(ReadBack.VALIDATION, "off");
        configured.put(ReadBack.STORE_COMPILED_OUT, false);
        configured.put(ReadBack.ACCEPTOR_THREADS, 2);
        configured.put(ReadBack.DIRECT_READ_CONNECTIONS, "4");
        configured.put(ReadBack.JVM_FLAGS, List.of("-Xmx512m", "--add-opens=java.base/java.nio=ALL-UNNAMED"));
        return configured;
    }

    @Test
    void agreementIsComparedAsTextAndFlagsAsASubset()
    {
        final JsonObject readBack = Json.parse("{\"validation\":\"off\",\"store_compiled_out\":false,"
            + "\"acceptor_threads\":2,\"direct_read_connections\":4,"
            + "\"jvm_flags\":[\"-Xms512m\",\"-Xmx512m\",\"--add-opens=java.base/java.nio=ALL-UNNAMED\"],"
            + "\"extra\":\"not configured: not compared\"}");
        assertEquals(List.of(), ProfileCheck.disagreements(configured(), readBack));
    }

    @Test
    void aDifferentValueIsRefusedNamingBothSides()
    {
        final JsonObject readBack = Json.parse("{\"validation\":\"on\",\"store_compiled_out\":true,"
            + "\"acceptor_threads\":2,\"direct_read_connections\":4,\"jvm_flags\":[\"-Xmx512m\"]}");
        final List<String> disagreements = ProfileCheck.disagreements(configured(), readBack);
        assertEquals(3, disagreements.size(), disagreements.toString());
        assertTrue(disagreements.get(0).contains("validation: configured 'off' but read back 'on'"));
        assertTrue(disagreements.get(1).contains("store_compiled_out: configured 'false' but read back 'true'"));
        assertTrue(disagreements.get(2).contains("--add-opens=java.base/java.nio=ALL-UNNAMED"));
        final ProfileCheck.ProfileMismatchException refused = assertThrows(ProfileCheck.ProfileMismatchException.class,
            () -> ProfileCheck.require("fixtape", configured(), readBack, true));
        assertTrue(refused.getMessage().startsWith("fixtape: the server does not run with what was configured"));
    }

    @Test
    void aKeyNotReadBackIsRefusedOnlyWhenAllAreRequired()
    {
        final Map<String, Object> configured = Map.of(ReadBack.STORE_CLASS, "io.fixtape.journal.ChronicleMessageStore");
        final JsonObject startup = Json.parse("{\"validation\":\"off\"}");
        ProfileCheck.require("pool", configured, startup, false); // the pool opens its store at the first Logon
        assertThrows(ProfileCheck.ProfileMismatchException.class,
            () -> ProfileCheck.require("pool", configured, startup, true));
    }
}
