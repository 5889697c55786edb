package dev.skills.spring.ai.advisor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.skills.core.Skill;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.tool.scope.ToolScoping;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.tool.ToolCallback;

/**
 * What one request gets from its skills, collected by the advisor's collaborators from
 * one snapshot: text for the system message, injected instruction blocks, skill tools and
 * the skills active for tool scoping.
 */
final class RequestSkills implements ToolScoping.Request {

	private static final Log logger = LogFactory.getLog(RequestSkills.class);

	private final SkillsSnapshot snapshot;

	private final @Nullable String skillSet;

	private final String conversationId;

	// Shared with the skill tools of the request: an activation adds to it.
	private final Set<String> present = ConcurrentHashMap.newKeySet();

	private final List<String> system = new ArrayList<>();

	private final List<Message> injected = new ArrayList<>();

	private final List<ToolCallback> tools = new ArrayList<>();

	private final Map<String, SkillMeta> active = new LinkedHashMap<>();

	RequestSkills(SkillsSnapshot snapshot, @Nullable String skillSet, String conversationId, Set<String> present) {
		this.snapshot = snapshot;
		this.skillSet = skillSet;
		this.conversationId = conversationId;
		this.present.addAll(present);
	}

	@Override
	public SkillsSnapshot snapshot() {
		return this.snapshot;
	}

	@Override
	public @Nullable String skillSet() {
		return this.skillSet;
	}

	@Override
	public String conversationId() {
		return this.conversationId;
	}

	@Override
	public Set<String> present() {
		return this.present;
	}

	@Override
	public List<ToolCallback> skillTools() {
		return this.tools;
	}

	@Override
	public Collection<SkillMeta> active() {
		return this.active.values();
	}

	/**
	 * Load a skill of the request's snapshot; a skill that cannot be read is logged and
	 * left out.
	 * @param name the skill name
	 * @return the skill, or empty
	 */
	Optional<Skill> load(String name) {
		try {
			return Optional.of(this.snapshot.load(name));
		}
		catch (SkillResourceException ex) {
			logger.warn("Skill '" + name + "' cannot be loaded: " + ex.getMessage());
			return Optional.empty();
		}
	}

	void appendToSystem(String text) {
		this.system.add(text);
	}

	void activate(SkillMeta skill) {
		this.active.put(skill.name(), skill);
	}

	/**
	 * Put a skill's instructions into the request, unless the conversation holds them
	 * already.
	 * @param skill the skill
	 */
	void injectUnlessPresent(Skill skill) {
		if (this.present.add(skill.name())) {
			this.injected.add(SkillPresence.injected(skill));
		}
	}

	/**
	 * The request's messages with the skills' text: appended to the first system message
	 * (or a new one at the start), injected blocks right after it.
	 * @param original the request's messages
	 * @return the messages to send
	 */
	List<Message> messages(List<Message> original) {
		if (this.system.isEmpty() && this.injected.isEmpty()) {
			return original;
		}
		List<Message> messages = new ArrayList<>(original);
		int systemIndex = -1;
		for (int i = 0; i < messages.size() && systemIndex < 0; i++) {
			if (messages.get(i) instanceof SystemMessage message
					&& message.getMetadata().get(SkillPresence.INJECTED_SKILL) == null) {
				systemIndex = i;
			}
		}
		if (!this.system.isEmpty()) {
			// The catalog can be large: String.join copies it once, straight into the
			// result.
			String existing = (systemIndex >= 0) ? messages.get(systemIndex).getText() : null;
			List<String> parts = new ArrayList<>();
			if (existing != null && !existing.isBlank()) {
				parts.add(existing);
			}
			parts.addAll(this.system);
			String text = String.join("\n\n", parts);
			if (systemIndex >= 0) {
				messages.set(systemIndex, ((SystemMessage) messages.get(systemIndex)).mutate().text(text).build());
			}
			else {
				messages.add(0, new SystemMessage(text));
				systemIndex = 0;
			}
		}
		messages.addAll(systemIndex + 1, this.injected);
		return messages;
	}

}
