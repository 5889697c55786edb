package dev.skills.spring.ai.tool;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import dev.skills.core.registry.SkillsSnapshot;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.memory.ChatMemory;

/**
 * The entries the {@code SkillsAdvisor} puts into the tool context of a request, read
 * back by the skill tools.
 */
public final class SkillsToolContext {

	/**
	 * The conversation id: the same key Spring AI's chat memory uses in the advisor
	 * context.
	 */
	public static final String CONVERSATION_ID = ChatMemory.CONVERSATION_ID;

	/**
	 * The names of the skills whose content is in the request's conversation: a mutable
	 * set the activate tool adds to, so a second activation in the same turn is not sent
	 * again.
	 */
	public static final String PRESENT_SKILLS = "skills_present";

	/**
	 * The registry snapshot of the request: every tool call of its tool loop reads names,
	 * instructions and files of this one generation.
	 */
	public static final String SNAPSHOT = "skills_snapshot";

	/**
	 * The tools the skills left out of the request, by name, each with the refusal a call
	 * to it gets: a map that the tool-calling side ({@code SkillsToolCallingManager})
	 * reads when the model calls one anyway.
	 */
	public static final String REFUSED_TOOLS = "skills_refused_tools";

	/**
	 * The skill set the request named, absent when it named none: the skill tools tag
	 * their observations with it.
	 */
	public static final String SKILL_SET = "skills_set";

	private SkillsToolContext() {
	}

	/**
	 * The conversation a tool context names.
	 * @param context the tool context's entries
	 * @return the conversation id, or {@code null} when it names none
	 */
	public static @Nullable String conversationId(Map<String, Object> context) {
		Object id = context.get(CONVERSATION_ID);
		return (id != null) ? id.toString() : null;
	}

	/**
	 * The tools a tool context names as refused.
	 * @param context the tool context's entries, or {@code null}
	 * @return the refusal of each refused tool, by name; empty when it names none
	 */
	public static Map<String, String> refusedTools(@Nullable Map<String, Object> context) {
		Object refused = (context != null) ? context.get(REFUSED_TOOLS) : null;
		if (!(refused instanceof Map<?, ?> map)) {
			return Map.of();
		}
		Map<String, String> names = new HashMap<>();
		map.forEach((name, refusal) -> names.put(String.valueOf(name), String.valueOf(refusal)));
		return names;
	}

	static SkillsSnapshot snapshot(Map<String, Object> context, Supplier<SkillsSnapshot> current) {
		Object snapshot = context.get(SNAPSHOT);
		return (snapshot instanceof SkillsSnapshot held) ? held : current.get();
	}

	static @Nullable String skillSet(Map<String, Object> context) {
		Object set = context.get(SKILL_SET);
		return (set != null) ? set.toString() : null;
	}

	@SuppressWarnings("unchecked")
	static @Nullable Set<String> presentSkills(Map<String, Object> context) {
		Object present = context.get(PRESENT_SKILLS);
		return (present instanceof Set<?>) ? (Set<String>) present : null;
	}

}
