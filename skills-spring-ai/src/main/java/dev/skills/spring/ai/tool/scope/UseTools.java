package dev.skills.spring.ai.tool.scope;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.skills.spring.ai.Skills;
import org.jspecify.annotations.Nullable;

/**
 * Which tools of a pool a call wants, before skills narrow the choice (see
 * {@link Skills#scopeTools}): {@link #none()}, {@link #all()} or {@link #only(String...)
 * only} some, by name.
 */
public final class UseTools {

	private static final UseTools NONE = new UseTools(false, Set.of());

	private static final UseTools ALL = new UseTools(true, Set.of());

	private final boolean all;

	private final Set<String> names;

	private UseTools(boolean all, Set<String> names) {
		this.all = all;
		this.names = names;
	}

	/**
	 * No tool of the pool (the skill tools stay).
	 * @return the choice
	 */
	public static UseTools none() {
		return NONE;
	}

	/**
	 * Every tool of the pool.
	 * @return the choice
	 */
	public static UseTools all() {
		return ALL;
	}

	/**
	 * The tools of these names; a name {@code all} is the tool called {@code all}.
	 * @param names tool names
	 * @return the choice
	 */
	public static UseTools only(String... names) {
		return only(List.of(names));
	}

	/**
	 * The tools of these names; a name {@code all} is the tool called {@code all}.
	 * @param names tool names
	 * @return the choice
	 */
	public static UseTools only(Collection<String> names) {
		return new UseTools(false, Set.copyOf(new LinkedHashSet<>(names)));
	}

	/**
	 * Read a loosely typed choice, as configuration or other languages write it:
	 * {@code null} or {@code false} for none, {@code true} or the text {@code all} or
	 * {@code *} (any case) for all (teff's forms), other text for the one tool of that
	 * name, a collection for those names, or a {@link UseTools} as it is.
	 * @param value the choice
	 * @return the choice
	 * @throws IllegalArgumentException for any other type
	 */
	public static UseTools of(@Nullable Object value) {
		if (value == null) {
			return NONE;
		}
		if (value instanceof UseTools use) {
			return use;
		}
		if (value instanceof Boolean every) {
			return every ? ALL : NONE;
		}
		if (value instanceof String text) {
			String trimmed = text.strip();
			return (trimmed.equals("*") || trimmed.toLowerCase(Locale.ROOT).equals("all")) ? ALL : only(trimmed);
		}
		if (value instanceof Collection<?> names) {
			return only(names.stream().map(String::valueOf).toList());
		}
		throw new IllegalArgumentException("Cannot read " + value.getClass().getSimpleName()
				+ " as the tools to use: give null or false (none), true, \"all\", \"*\" or tool names");
	}

	/**
	 * Whether the choice includes a tool.
	 * @param toolName the tool name
	 * @return {@code true} when it does
	 */
	public boolean includes(String toolName) {
		return this.all || this.names.contains(toolName);
	}

	@Override
	public String toString() {
		return this.all ? "all" : this.names.isEmpty() ? "none" : "only " + this.names;
	}

}
