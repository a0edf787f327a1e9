package io.fixtape.codegen;

import io.fixtape.codegen.JavaSource.Param;
import io.fixtape.codegen.JavaSource.TypeKind;
import io.fixtape.engine.codec.FixDecoder;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;
import static org.junit.jupiter.api.Assertions.assertEquals;

class JavaSourceTest
{
    @Test
    void writesAClassWithImportsBracesAndBlankLines()
    {
        final JavaSource source = new JavaSource("com.acme", "Generated; do not edit.");
        source.javadoc("A holder.");
        source.beginType(Set.of(PUBLIC, FINAL), TypeKind.CLASS, "Holder", null);
        source.field(Set.of(PRIVATE, STATIC, FINAL), "int", "A", "1");
        source.field(Set.of(PRIVATE, FINAL), source.generic(Map.class, "String, Integer"), "map", null);
        source.beginMethod(Set.of(PUBLIC), source.type(FixDecoder.class), "decoder", new Param("int", "x"));
        source.beginBlock("if (x > A)");
        source.statement("return null");
        source.end();
        source.statement("return null");
        source.end();
        source.beginMethod(Set.of(), null, "Holder", new Param(source.type(Map.Entry.class), "entry"));
        source.statement("this.map = null");
        source.end();
        source.end();

        assertEquals(
            "// Generated; do not edit.\n" +
            "package com.acme;\n" +
            "\n" +
            "import io.fixtape.engine.codec.FixDecoder;\n" +
            "import java.util.Map;\n" +
            "\n" +
            "/** A holder. */\n" +
            "public final class Holder\n" +
            "{\n" +
            "    private static final int A = 1;\n" +
            "    private final Map<String, Integer> map;\n" +
            "\n" +
            "    public FixDecoder decoder(final int x)\n" +
            "    {\n" +
            "        if (x > A)\n" +
            "        {\n" +
            "            return null;\n" +
            "        }\n" +
            "        return null;\n" +
            "    }\n" +
            "\n" +
            "    Holder(final Map.Entry entry)\n" +
            "    {\n" +
            "        this.map = null;\n" +
            "    }\n" +
            "}\n", source.toString());
    }

    @Test
    void wrapsLongJavadocAndParameterLists()
    {
        final JavaSource source = new JavaSource("p", "x");
        source.beginType(Set.of(), TypeKind.CLASS, "C", null);
        source.javadoc("word ".repeat(40).trim());
        source.beginMethod(Set.of(PUBLIC), "void", "aMethodWithAVeryLongName",
            new Param("String", "firstParameterName"), new Param("String", "secondParameterName"),
            new Param("String", "thirdParameterName"));
        source.end();
        source.end();
        final String text = source.toString();
        for (final String line : text.split("\n"))
        {
            assertEquals(true, line.length() <= 120, line);
        }
        assertEquals(true, text.contains("    public void aMethodWithAVeryLongName(\n        final String firstParameterName"));
    }
}
