package io.fixtape.codegen;

import java.util.List;

/**
 * The enum generated for a field with enumerated values: its class name, how values are represented (one char,
 * an int, or text) and its constants in dictionary order, each with its wire value. Two sentinel constants follow
 * them in the generated code: {@code NULL_VAL} (field absent) and {@code UNKNOWN} (a value the dictionary does not
 * define).
 *
 * <p>Generation time only; immutable.
 */
final class EnumModel
{
    /** How the wire value is held. */
    enum Base
    {
        CHAR, INT, STRING
    }

    /** One constant: its Java name and wire value. */
    record Constant(String name, String value)
    {
    }

    private final String className;
    private final String fieldName;
    private final int tag;
    private final Base base;
    private final boolean multipleValue;
    private final List<Constant> constants;

    EnumModel(
        final String className, final String fieldName, final int tag, final Base base, final boolean multipleValue,
        final List<Constant> constants)
    {
        this.className = className;
        this.fieldName = fieldName;
        this.tag = tag;
        this.base = base;
        this.multipleValue = multipleValue;
        this.constants = List.copyOf(constants);
    }

    String className()
    {
        return className;
    }

    String fieldName()
    {
        return fieldName;
    }

    int tag()
    {
        return tag;
    }

    Base base()
    {
        return base;
    }

    /** A MULTIPLE*VALUE field: the wire value is a space-separated list of these values. */
    boolean isMultipleValue()
    {
        return multipleValue;
    }

    List<Constant> constants()
    {
        return constants;
    }
}
