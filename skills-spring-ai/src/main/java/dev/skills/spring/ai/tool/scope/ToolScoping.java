package dev.skills.spring.ai.tool.scope;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.core.SkillMeta;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.tool.SkillToolDefinitions;
import dev.skills.spring.ai.tool.SkillsToolContext;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * The {@code SkillsAdvisor}'s last step: puts the request's skill tools into its options
 * and narrows its other tools by the active skills' {@code allowed-tools} and
 * {@code disallowed-tools}. A tool they forbid is left out of the request (teff: only the
 * allowed tools are visible); the tool context names it with its refusal, which
 * {@link SkillsToolCallingManager} answers when the model calls it anyway (it was offered
 * a turn ago). In session mode {@code activate_skill} is refused that way too. The tool
 * list is fixed when the request starts, so each remaining tool checks again when called:
 * a skill activated during the request still restricts the tools called after it. The
 * tool context carries the conversation, the skills present and the request's snapshot to
 * the skill tools ({@link SkillsToolContext}).
 */
public final class ToolScoping {

	private static final Log logger = LogFactory.getLog(ToolScoping.class);

	// What a model that calls activate_skill in session mode gets instead of a failed
	// request.
	private static final String SESSION_ACTIVATE = "Error: activate_skill is not available in session mode: "
			+ "the application chose the skill of this call.";

	private final ActiveSkillsRepository activeSkills;

	private final boolean followActivations;

	/**
	 * Scope requests.
	 * @param activeSkills where activations are recorded
	 * @param followActivations whether skills activated during a request and recorded
	 * since restrict its tools too (on-demand mode); in session mode the pinned skill
	 * alone scopes a call, and a call to {@code activate_skill} is refused
	 */
	public ToolScoping(ActiveSkillsRepository activeSkills, boolean followActivations) {
		this.activeSkills = activeSkills;
		this.followActivations = followActivations;
	}

	/**
	 * Scope one request's tools.
	 * @param options the request's options
	 * @param request what the request holds of its skills
	 * @return options with the skill tools and the scoped other tools; the options as
	 * they are when they do not take tools
	 */
	public @Nullable ChatOptions apply(@Nullable ChatOptions options, Request request) {
		if (!(options instanceof ToolCallingChatOptions toolOptions)) {
			if (!request.skillTools().isEmpty()) {
				logger.debug("The chat model's options do not support tools; skills are offered without tools");
			}
			return options;
		}
		List<ToolCallback> callbacks = new ArrayList<>(request.skillTools());
		// What activate_skill adds to the present skills from here on was activated in
		// this request, stored or not.
		Set<String> presentAtStart = Set.copyOf(request.present());
		Map<String, String> refused = new HashMap<>();
		if (!this.followActivations) {
			refused.put(SkillToolDefinitions.ACTIVATE_SKILL, SESSION_ACTIVATE);
		}
		List<ToolCallback> requested = toolOptions.getToolCallbacks();
		for (ToolCallback tool : (requested != null) ? requested : List.<ToolCallback>of()) {
			String name = tool.getToolDefinition().name();
			if (SkillToolDefinitions.isSkillTool(name)) {
				continue;
			}
			String denial = ToolRules.denial(request.active(), name);
			if (denial != null) {
				refused.put(name, RefusedToolCallback.refusal(denial));
			}
			else {
				callbacks.add(new ScopedToolCallback(unwrap(tool),
						(context) -> activeAtCall(context, request, presentAtStart)));
			}
		}
		Map<String, Object> context = new HashMap<>();
		if (toolOptions.getToolContext() != null) {
			context.putAll(toolOptions.getToolContext());
		}
		context.put(SkillsToolContext.REFUSED_TOOLS, Map.copyOf(refused));
		context.put(SkillsToolContext.CONVERSATION_ID, request.conversationId());
		context.put(SkillsToolContext.PRESENT_SKILLS, request.present());
		context.put(SkillsToolContext.SNAPSHOT, request.snapshot());
		String set = request.skillSet();
		if (set != null) {
			context.put(SkillsToolContext.SKILL_SET, set);
		}
		return toolOptions.mutate().toolCallbacks(callbacks).toolContext(context).build();
	}

	private static ToolCallback unwrap(ToolCallback tool) {
		return (tool instanceof ScopedToolCallback scoped) ? scoped.delegate() : tool;
	}

	// The skills active when a tool is called: those of the request, those activated in
	// it (kept here too: a store that failed did not record them), and any the store
	// holds since.
	private Collection<SkillMeta> activeAtCall(@Nullable ToolContext context, Request request,
			Set<String> presentAtStart) {
		String conversationId = (context != null) ? SkillsToolContext.conversationId(context.getContext()) : null;
		if (!this.followActivations || conversationId == null) {
			return request.active();
		}
		Map<String, SkillMeta> active = new LinkedHashMap<>();
		request.active().forEach((skill) -> active.put(skill.name(), skill));
		for (String name : request.present()) {
			if (!presentAtStart.contains(name)) {
				request.snapshot().get(name).ifPresent((meta) -> active.putIfAbsent(meta.name(), meta));
			}
		}
		for (ActiveSkill skill : this.activeSkills.findByConversationId(conversationId)) {
			request.snapshot().get(skill.name()).ifPresent((meta) -> active.putIfAbsent(meta.name(), meta));
		}
		return active.values();
	}

	/**
	 * What one request holds of its skills, as the advisor collected them.
	 */
	public interface Request {

		/**
		 * The snapshot the request reads.
		 * @return the snapshot
		 */
		SkillsSnapshot snapshot();

		/**
		 * The request's conversation.
		 * @return the conversation id
		 */
		String conversationId();

		/**
		 * The skill set the request named.
		 * @return its name, or {@code null} when it named none
		 */
		@Nullable String skillSet();

		/**
		 * The skills whose instructions the conversation holds: shared with the skill
		 * tools, which add to it.
		 * @return the mutable set of names
		 */
		Set<String> present();

		/**
		 * The skills active for the request, which scope its other tools.
		 * @return the skills
		 */
		Collection<SkillMeta> active();

		/**
		 * The skill tools the request gets.
		 * @return the tools
		 */
		List<ToolCallback> skillTools();

	}

}
