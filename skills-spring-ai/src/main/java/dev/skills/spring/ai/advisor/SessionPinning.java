package dev.skills.spring.ai.advisor;

import java.util.Map;

import dev.skills.core.Skill;
import dev.skills.core.internal.prompt.ModelText;
import dev.skills.spring.ai.tool.SkillInvocationListener;
import dev.skills.spring.ai.tool.SkillsTools;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Session mode: each call names its one skill in the request context; that skill's
 * instructions are injected and only its files can be read. The pin is recorded as the
 * conversation's activation; it is not a tool call, so no {@link SkillInvocationListener}
 * hears of it. A missing or unknown name logs a warning and the call goes on without a
 * skill.
 */
final class SessionPinning {

	private static final Log logger = LogFactory.getLog(SessionPinning.class);

	private final SkillsTools tools;

	private final String contextKey;

	SessionPinning(SkillsTools tools, String contextKey) {
		this.tools = tools;
		this.contextKey = contextKey;
	}

	void apply(RequestSkills request, Map<String, Object> context) {
		Object requested = context.get(this.contextKey);
		String name = (requested != null) ? requested.toString() : null;
		if (name == null || !request.snapshot().contains(name)) {
			logger.warn((name != null)
					? "Session mode: unknown skill '" + ModelText.echo(name) + "' in '" + this.contextKey
							+ "'; no skill is used"
					: "Session mode: the request context has no '" + this.contextKey + "'; no skill is used");
			return;
		}
		Skill skill = request.load(name).orElse(null);
		if (skill == null) {
			return;
		}
		this.tools.recordPin(name, request.conversationId(), request.skillSet());
		request.activate(skill.meta());
		request.injectUnlessPresent(skill);
		request.skillTools().addAll(this.tools.scopedTo(request.snapshot(), name));
	}

}
