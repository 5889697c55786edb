package dev.skills.jdbc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.skills.core.activation.ActiveSkill;

/**
 * The last known active skills of the most recently used conversations, as the store
 * answered them and as activations changed them since: what the fail-safe store answers
 * while the store does not, so that a conversation's skills keep scoping its tools
 * through an outage. Bounded: the least recently used conversation is forgotten first.
 */
final class LastAnswers {

	private final Map<String, List<ActiveSkill>> answers;

	LastAnswers(int conversations) {
		this.answers = new LinkedHashMap<>(16, 0.75f, true) {
			@Override
			protected boolean removeEldestEntry(Map.Entry<String, List<ActiveSkill>> eldest) {
				return size() > conversations;
			}
		};
	}

	synchronized List<ActiveSkill> get(String conversationId) {
		return this.answers.getOrDefault(conversationId, List.of());
	}

	synchronized void remember(String conversationId, List<ActiveSkill> skills) {
		this.answers.put(conversationId, List.copyOf(skills));
	}

	// An activation counts whether or not the store recorded it: the conversation holds
	// the skill's instructions either way.
	synchronized void activated(String conversationId, ActiveSkill skill) {
		List<ActiveSkill> skills = new ArrayList<>(get(conversationId));
		skills.removeIf((active) -> active.name().equals(skill.name()));
		skills.add(skill);
		this.answers.put(conversationId, List.copyOf(skills));
	}

	synchronized void deactivated(String conversationId, String name) {
		List<ActiveSkill> skills = this.answers.get(conversationId);
		if (skills != null) {
			this.answers.put(conversationId, skills.stream().filter((active) -> !active.name().equals(name)).toList());
		}
	}

	synchronized void forgetConversation(String conversationId) {
		this.answers.remove(conversationId);
	}

	synchronized void forgetSkill(String name) {
		this.answers.replaceAll(
				(conversation, skills) -> skills.stream().filter((active) -> !active.name().equals(name)).toList());
	}

}
