//! Property names the facade reads or writes on JS objects in every traced call, as JS strings
//! made once per instance: a string sent to JS is decoded from UTF-8 each time it is sent.
//! Plain fields, not a cache behind a `RefCell`, so no borrow is held while `Reflect` runs JS
//! (a getter or a Proxy may call back into the engine).

use crate::boundary::TREE_KIND_KEY;
use wasm_bindgen::JsValue;

pub(crate) struct Keys {
    pub dtype: JsValue,
    pub shape: JsValue,
    pub weak_type: JsValue,
    pub leaves: JsValue,
    pub tree: JsValue,
    pub tree_kind: JsValue,
}

thread_local! {
    pub(crate) static KEYS: Keys = Keys {
        dtype: "dtype".into(),
        shape: "shape".into(),
        weak_type: "weakType".into(),
        leaves: "leaves".into(),
        tree: "tree".into(),
        tree_kind: TREE_KIND_KEY.into(),
    };
}

/// `obj[key]`, or undefined when reading it throws.
pub(crate) fn get(obj: &JsValue, key: impl FnOnce(&Keys) -> &JsValue) -> JsValue {
    KEYS.with(|keys| js_sys::Reflect::get(obj, key(keys)).unwrap_or(JsValue::UNDEFINED))
}
