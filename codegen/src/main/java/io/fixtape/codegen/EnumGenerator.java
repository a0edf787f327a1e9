package io.fixtape.codegen;

import io.fixtape.codegen.JavaSource.Param;
import io.fixtape.codegen.JavaSource.TypeKind;
import io.fixtape.codegen.runtime.EnumCodes;
import io.fixtape.engine.codec.AsciiNumbers;
import org.agrona.DirectBuffer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.PUBLIC;
import static javax.lang.model.element.Modifier.STATIC;

/**
 * Writes one enum per enumerated field: its constants with their wire values, {@code NULL_VAL} and
 * {@code UNKNOWN}, and {@code decode} overloads (from the value's type, from text and from buffer bytes) that map
 * any value without allocation: a {@code switch} for char and int values, a binary search over packed keys for text.
 *
 * <p>Generation time only.
 */
final class EnumGenerator
{
    private final CodecModel model;

    EnumGenerator(final CodecModel model)
    {
        this.model = model;
    }

    JavaSource generate(final EnumModel enumModel)
    {
        final JavaSource out = new JavaSource(model.packageName(), Generation.header(model));
        final String name = enumModel.className();
        final List<String> doc = new ArrayList<>();
        doc.add(enumModel.fieldName() + " (" + enumModel.tag() + "): the values " + model.dictionary().version() +
            " defines, {@link #NULL_VAL} for an absent field and {@link #UNKNOWN} for any other value." +
            (enumModel.isMultipleValue() ? " The field holds a space-separated list of these values." : ""));
        doc.add("");
        doc.add("<p>Decoding allocates nothing.");
        out.javadoc(doc.toArray(new String[0]));
        out.beginType(Set.of(PUBLIC), TypeKind.ENUM, name, null);
        final String valueType = valueType(enumModel);
        for (final EnumModel.Constant constant : enumModel.constants())
        {
            out.enumConstant(constant.name(), literal(enumModel, constant.value()), false);
        }
        out.javadoc("The field is absent.");
        out.enumConstant("NULL_VAL", sentinel(enumModel), false);
        out.javadoc("A value this dictionary does not define.");
        out.enumConstant("UNKNOWN", sentinel(enumModel), true);

        if (enumModel.base() == EnumModel.Base.STRING)
        {
            keyTables(out, enumModel);
        }
        out.field(Set.of(PRIVATE, FINAL), valueType, "value", null);

        out.beginMethod(Set.of(), null, name, new Param(valueType, "value"));
        out.statement("this.value = value");
        out.end();

        out.javadoc("The value as written on the wire.");
        out.beginMethod(Set.of(PUBLIC), valueType, "value");
        out.statement("return value");
        out.end();

        out.javadoc("Whether this is a value of the dictionary (not {@link #NULL_VAL} or {@link #UNKNOWN}).");
        out.beginMethod(Set.of(PUBLIC), "boolean", "isDefined");
        out.statement("return this != NULL_VAL && this != UNKNOWN");
        out.end();

        switch (enumModel.base())
        {
            case CHAR:
                charDecoders(out, enumModel);
                break;
            case INT:
                intDecoders(out, enumModel);
                break;
            default:
                stringDecoders(out, enumModel);
                break;
        }
        out.end();
        return out;
    }

    private static void charDecoders(final JavaSource out, final EnumModel enumModel)
    {
        final String name = enumModel.className();
        out.javadoc("The constant for a wire value; {@link #UNKNOWN} when the dictionary does not define it.");
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", new Param("char", "value"));
        out.beginBlock("switch (value)");
        for (final EnumModel.Constant constant : enumModel.constants())
        {
            out.line("case " + Names.charLiteral(constant.value().charAt(0)) + ": return " + constant.name() + ";");
        }
        out.line("default: return UNKNOWN;");
        out.end();
        out.end();

        out.javadoc("The constant for a wire value given as text.");
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", new Param(out.type(CharSequence.class), "value"));
        out.statement("return value.length() == 1 ? decode(value.charAt(0)) : UNKNOWN");
        out.end();

        bufferJavadoc(out);
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", bufferParams(out));
        out.statement("return length == 1 ? decode((char)(buffer.getByte(offset) & 0xFF)) : UNKNOWN");
        out.end();
    }

    private static void intDecoders(final JavaSource out, final EnumModel enumModel)
    {
        final String name = enumModel.className();
        out.javadoc("The constant for a wire value; {@link #UNKNOWN} when the dictionary does not define it.");
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", new Param("int", "value"));
        out.beginBlock("switch (value)");
        for (final EnumModel.Constant constant : enumModel.constants())
        {
            out.line("case " + Integer.parseInt(constant.value()) + ": return " + constant.name() + ";");
        }
        out.line("default: return UNKNOWN;");
        out.end();
        out.end();

        out.javadoc("The constant for a wire value given as text.");
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", new Param(out.type(CharSequence.class), "value"));
        final String codes = out.type(EnumCodes.class);
        out.statement("final int parsed = ", codes, ".parseInt(value)");
        out.statement("return parsed == ", codes, ".NOT_AN_INT ? UNKNOWN : decode(parsed)");
        out.end();

        bufferJavadoc(out);
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", bufferParams(out));
        final String numbers = out.type(AsciiNumbers.class);
        out.statement("final int parsed = ", numbers, ".parseIntAscii(buffer, offset, length)");
        out.statement("return parsed == ", numbers, ".INVALID_INT ? UNKNOWN : decode(parsed)");
        out.end();
    }

    /** Values of up to 8 characters are found by binary search over their packed form; longer ones by comparison. */
    private static void keyTables(final JavaSource out, final EnumModel enumModel)
    {
        final String name = enumModel.className();
        final List<EnumModel.Constant> packed = new ArrayList<>();
        final List<EnumModel.Constant> longer = new ArrayList<>();
        for (final EnumModel.Constant constant : enumModel.constants())
        {
            (constant.value().length() <= 8 ? packed : longer).add(constant);
        }
        packed.sort(Comparator.comparingLong(c -> pack(c.value())));
        final List<String> keys = new ArrayList<>();
        final List<String> constants = new ArrayList<>();
        for (final EnumModel.Constant constant : packed)
        {
            keys.add("0x" + Long.toHexString(pack(constant.value())).toUpperCase(java.util.Locale.ROOT) + "L");
            constants.add(constant.name());
        }
        final List<String> longNames = new ArrayList<>();
        for (final EnumModel.Constant constant : longer)
        {
            longNames.add(constant.name());
        }
        out.arrayField(Set.of(PRIVATE, STATIC, FINAL), "long[]", "KEYS", "", keys, "");
        out.arrayField(Set.of(PRIVATE, STATIC, FINAL), name + "[]", "BY_KEY", "", constants, "");
        out.arrayField(Set.of(PRIVATE, STATIC, FINAL), name + "[]", "LONG_VALUES", "", longNames, "");
    }

    private static void stringDecoders(final JavaSource out, final EnumModel enumModel)
    {
        final String name = enumModel.className();
        final String codes = out.type(EnumCodes.class);
        out.javadoc("The constant for a wire value; {@link #UNKNOWN} when the dictionary does not define it.");
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", new Param(out.type(CharSequence.class), "value"));
        out.beginBlock("if (value.length() <= 8)");
        out.statement("return byKey(", codes, ".pack(value))");
        out.end();
        out.beginBlock("for (final " + name + " candidate : LONG_VALUES)");
        out.beginBlock("if (" + codes + ".equals(candidate.value, value))");
        out.statement("return candidate");
        out.end();
        out.end();
        out.statement("return UNKNOWN");
        out.end();

        bufferJavadoc(out);
        out.beginMethod(Set.of(PUBLIC, STATIC), name, "decode", bufferParams(out));
        out.beginBlock("if (length <= 8)");
        out.statement("return byKey(", codes, ".pack(buffer, offset, length))");
        out.end();
        out.beginBlock("for (final " + name + " candidate : LONG_VALUES)");
        out.beginBlock("if (" + codes + ".equals(candidate.value, buffer, offset, length))");
        out.statement("return candidate");
        out.end();
        out.end();
        out.statement("return UNKNOWN");
        out.end();

        out.beginMethod(Set.of(PRIVATE, STATIC), name, "byKey", new Param("long", "key"));
        out.statement("final int index = ", out.type(Arrays.class), ".binarySearch(KEYS, key)");
        out.statement("return index >= 0 ? BY_KEY[index] : UNKNOWN");
        out.end();
    }

    private static void bufferJavadoc(final JavaSource out)
    {
        out.javadoc("The constant for the wire value at {@code buffer[offset, offset + length)}.");
    }

    private static Param[] bufferParams(final JavaSource out)
    {
        return new Param[] {
            new Param(out.type(DirectBuffer.class), "buffer"), new Param("int", "offset"), new Param("int", "length")};
    }

    private static String valueType(final EnumModel enumModel)
    {
        switch (enumModel.base())
        {
            case CHAR:
                return "char";
            case INT:
                return "int";
            default:
                return "String";
        }
    }

    private static String literal(final EnumModel enumModel, final String value)
    {
        switch (enumModel.base())
        {
            case CHAR:
                return Names.charLiteral(value.charAt(0));
            case INT:
                return Integer.toString(Integer.parseInt(value));
            default:
                return Names.literal(value);
        }
    }

    private static String sentinel(final EnumModel enumModel)
    {
        switch (enumModel.base())
        {
            case CHAR:
                return "(char)0";
            case INT:
                return "Integer.MIN_VALUE";
            default:
                return "\"\"";
        }
    }

    /** As the engine packs MsgType: first character in the lowest byte. */
    static long pack(final String value)
    {
        long packed = 0;
        for (int i = 0; i < value.length(); i++)
        {
            packed |= (value.charAt(i) & 0xFFL) << (i << 3);
        }
        return packed;
    }
}
