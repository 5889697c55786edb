package dev.skills.scripts.tool;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.scripts.ScriptCall;
import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.sandbox.ScriptResult;

/**
 * A run as the model sees it: exit code, standard output and standard error in one block,
 * the output escaped (a script cannot close the block and write text that looks like the
 * application's) with control characters but line breaks and tabs shown as {@code ?}, and
 * a note when the timeout ended it or output was left out.
 */
final class ScriptResultText {

	private ScriptResultText() {
	}

	static String of(ScriptCall call, ScriptResult result, ScriptLimits limits) {
		StringBuilder text = new StringBuilder("<script_result skill=\"").append(ModelText.escape(call.skillName()))
			.append("\" path=\"")
			.append(ModelText.escape(call.path()))
			.append(result.timedOut() ? "\" timed_out=\"true\">\n" : "\" exit_code=\"" + result.exitCode() + "\">\n");
		text.append("<stdout>\n").append(output(result.stdout())).append("</stdout>\n");
		text.append("<stderr>\n").append(output(result.stderr())).append("</stderr>\n");
		if (result.timedOut()) {
			text.append("The script ran longer than ")
				.append(seconds(limits))
				.append(" and was stopped, with every process it started.\n");
		}
		if (result.cut()) {
			text.append("Output cut: ")
				.append(result.cutBytes())
				.append(" more bytes than the limit of ")
				.append(limits.maxOutputBytes())
				.append(" bytes were left out.\n");
		}
		return text.append("</script_result>").toString();
	}

	private static String seconds(ScriptLimits limits) {
		long millis = limits.timeout().toMillis();
		return (millis % 1000 == 0) ? (millis / 1000) + " s" : millis + " ms";
	}

	private static String output(String text) {
		if (text.isEmpty()) {
			return "";
		}
		StringBuilder shown = new StringBuilder(text.length() + 1);
		text.codePoints()
			.forEach(
					(c) -> shown.appendCodePoint((c != '\n' && c != '\t' && ModelText.isControlOrFormat(c)) ? '?' : c));
		String escaped = ModelText.escape(shown.toString());
		return escaped.endsWith("\n") ? escaped : escaped + "\n";
	}

}
