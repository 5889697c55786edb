package dev.skills.core.activation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.skills.core.InvalidSkillSettingException;

/**
 * Keeps active skills in memory for at most a fixed number of conversations, forgetting
 * the one changed least recently first. Fits one application instance; share state
 * between instances with a database-backed repository.
 */
public class InMemoryActiveSkillsRepository implements ActiveSkillsRepository {

	/** The default number of conversations kept. */
	public static final int DEFAULT_MAX_CONVERSATIONS = 10_000;

	private final LinkedHashMap<String, List<ActiveSkill>> conversations;

	/**
	 * Keep at most {@value #DEFAULT_MAX_CONVERSATIONS} conversations.
	 */
	public InMemoryActiveSkillsRepository() {
		this(DEFAULT_MAX_CONVERSATIONS);
	}

	/**
	 * Keep at most {@code maxConversations} conversations.
	 * @param maxConversations a positive number
	 * @throws InvalidSkillSettingException when it is not positive
	 */
	public InMemoryActiveSkillsRepository(int maxConversations) {
		if (maxConversations <= 0) {
			throw new InvalidSkillSettingException("maxConversations", maxConversations, "it must be a positive number",
					"a positive number, for example " + DEFAULT_MAX_CONVERSATIONS);
		}
		// Insertion order, renewed by writes only: a read is not a use.
		this.conversations = new LinkedHashMap<>() {

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, List<ActiveSkill>> eldest) {
				return size() > maxConversations;
			}

		};
	}

	@Override
	public synchronized void activate(String id, ActiveSkill skill) {
		String conversationId = ActiveSkillsRepository.conversationKey(id);
		List<ActiveSkill> skills = this.conversations.remove(conversationId);
		if (skills == null) {
			skills = List.of(skill);
		}
		else if (skills.stream().noneMatch((active) -> active.name().equals(skill.name()))) {
			skills = Stream.concat(skills.stream(), Stream.of(skill)).toList();
		}
		this.conversations.put(conversationId, skills);
	}

	@Override
	public synchronized List<ActiveSkill> findByConversationId(String conversationId) {
		return this.conversations.getOrDefault(ActiveSkillsRepository.conversationKey(conversationId), List.of());
	}

	@Override
	public synchronized void deactivate(String id, String name) {
		String conversationId = ActiveSkillsRepository.conversationKey(id);
		// Removed and put back: a deactivation uses the conversation.
		List<ActiveSkill> skills = this.conversations.remove(conversationId);
		List<ActiveSkill> remaining = (skills != null) ? without(skills, name) : List.of();
		if (!remaining.isEmpty()) {
			this.conversations.put(conversationId, remaining);
		}
	}

	@Override
	public synchronized void deleteBySkillName(String name) {
		// Not a use of any conversation: each keeps its place in the order.
		this.conversations.replaceAll((id, skills) -> without(skills, name));
		this.conversations.values().removeIf(List::isEmpty);
	}

	@Override
	public synchronized void deleteByConversationId(String conversationId) {
		this.conversations.remove(ActiveSkillsRepository.conversationKey(conversationId));
	}

	@Override
	public synchronized Map<String, List<ActiveSkill>> findAll(int limit) {
		List<Map.Entry<String, List<ActiveSkill>>> entries = new ArrayList<>(this.conversations.entrySet());
		Map<String, List<ActiveSkill>> result = new LinkedHashMap<>();
		for (int i = entries.size() - 1; i >= 0 && result.size() < limit; i--) {
			result.put(entries.get(i).getKey(), entries.get(i).getValue());
		}
		return result;
	}

	private static List<ActiveSkill> without(List<ActiveSkill> skills, String name) {
		return skills.stream().filter((active) -> !active.name().equals(name)).toList();
	}

}
